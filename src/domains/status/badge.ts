import { INDICATOR_COLOR, type Indicator } from "./derive";
import type { StatusModel } from "./projection";

const BADGE_TEXT: Record<Indicator, string> = {
  none: "operational",
  minor: "degraded",
  major: "partial outage",
  critical: "major outage",
  maintenance: "maintenance",
};

/** Rough width of 11px Verdana text, the usual badge font: good enough to size the boxes. */
const textWidth = (text: string) => Math.round(text.length * 6.5 + 12);

/** A shields-style SVG badge of the overall status, for READMEs and dashboards. */
export function renderBadge(model: StatusModel): string {
  const label = "status";
  const message = BADGE_TEXT[model.summary.indicator];
  const left = textWidth(label);
  const right = textWidth(message);
  const color = INDICATOR_COLOR[model.summary.indicator];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${left + right}" height="20" role="img" aria-label="${label}: ${message}">
<title>${label}: ${message}</title>
<rect width="${left}" height="20" fill="#555"/><rect x="${left}" width="${right}" height="20" fill="${color}"/>
<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">
<text x="${left / 2}" y="14">${label}</text><text x="${left + right / 2}" y="14">${message}</text>
</g>
</svg>`;
}
