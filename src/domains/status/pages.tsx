/** @jsxImportSource hono/jsx */
import type { FC } from "hono/jsx";
import { inlineCss } from "../../http/pages/inline-css";
import { INDICATOR_COLOR, impactIndicator, statusLabel } from "./derive";
import type { StatusModel } from "./projection";
import type { IncidentResource, ServiceDetail } from "./schemas";
import { DAY_MS, dateOf } from "./uptime";

/**
 * The public status page, rendered once per projection (at publish time, not per visitor) and
 * stored in KV like every other status response. No script: it is a document people can read.
 */
const BAR_DAYS = 90;

/** Bar colour by the day's uptime: a perfect day is green, any downtime shifts it toward red. */
function barColor(percent: number | undefined): string {
  if (percent === undefined) return "#d4d4d8";
  if (percent >= 100) return "#22c55e";
  if (percent >= 99) return "#a3e635";
  if (percent >= 95) return "#f59e0b";
  return "#ef4444";
}

const time = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

export const STATUS_PAGE_CSS = `
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#18181b;background:#f4f4f5}
main{max-width:860px;margin:0 auto;padding:32px 16px 64px}h1{font-size:24px;margin:0 0 16px}h2{font-size:17px;margin:32px 0 12px}
.banner{color:#fff;border-radius:10px;padding:18px 20px;font-size:18px;font-weight:600}.banner small{display:block;font-weight:400;font-size:13px;opacity:.9}
.card{background:#fff;border:1px solid #e4e4e7;border-radius:10px;padding:16px 20px;margin-bottom:12px}
.row{display:flex;justify-content:space-between;align-items:baseline;gap:12px}.name{font-weight:600}.state{font-size:13px;font-weight:600}
.desc{color:#52525b;font-size:13px;margin:2px 0 8px}.components{font-size:13px;color:#3f3f46;margin:0 0 8px;padding:0;list-style:none;display:flex;flex-wrap:wrap;gap:4px 16px}
.bars{display:block;width:100%;height:34px}.legend{display:flex;justify-content:space-between;font-size:12px;color:#71717a}
.timeline{list-style:none;margin:8px 0 0;padding:0;border-left:2px solid #e4e4e7}.timeline li{margin:0 0 10px;padding-left:12px}
.timeline b{text-transform:capitalize}.meta{font-size:12px;color:#71717a}footer{margin-top:40px;font-size:13px;color:#71717a}a{color:#2563eb}
`;

const UptimeBars: FC<{ detail: ServiceDetail; nowIso: string }> = ({ detail, nowIso }) => {
  const byDate = new Map(detail.uptime["90d"].dailyHistory.map((d) => [d.date, d.uptimePercent]));
  const today = Date.parse(`${nowIso.slice(0, 10)}T00:00:00Z`);
  const days = Array.from({ length: BAR_DAYS }, (_, k) => dateOf(today - (BAR_DAYS - 1 - k) * DAY_MS));
  const width = 8;
  const gap = 2;
  return (
    <svg
      class="bars"
      viewBox={`0 0 ${BAR_DAYS * (width + gap) - gap} 34`}
      preserveAspectRatio="none"
      role="img"
      aria-label={`${detail.service.name}: uptime over the last ${BAR_DAYS} days`}
      data-uptime-bars={detail.service.slug}
    >
      {days.map((date, k) => {
        const percent = byDate.get(date);
        return (
          <rect
            x={k * (width + gap)}
            y={0}
            width={width}
            height={34}
            rx={1.5}
            fill={barColor(percent)}
            data-date={date}
          >
            <title>{`${date}: ${percent === undefined ? "no data" : `${percent}% uptime`}`}</title>
          </rect>
        );
      })}
    </svg>
  );
};

const Timeline: FC<{ incident: IncidentResource }> = ({ incident }) => (
  <ul class="timeline">
    {[...incident.updates].reverse().map((update) => (
      <li>
        <b>{update.status.replace("_", " ")}</b> — {update.message}
        <div class="meta">
          {time(update.created_at)} · {update.author_name}
        </div>
      </li>
    ))}
    <li>
      <b>Started</b> — {incident.description}
      <div class="meta">{time(incident.started_at)}</div>
    </li>
  </ul>
);

const StatusPage: FC<{ model: StatusModel }> = ({ model }) => {
  const { summary } = model;
  const recent = model.incidents.filter((i) => !summary.incidents.some((open) => open.id === i.id)).slice(0, 5);
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`Status: ${summary.headline}`}</title>
        <link
          rel="alternate"
          type="application/atom+xml"
          title="Incident updates"
          href={`${model.origin}/status/feed.atom`}
        />
        <style>{inlineCss(STATUS_PAGE_CSS)}</style>
      </head>
      <body>
        <main>
          <h1>Platform status</h1>
          <div
            class="banner"
            style={`background:${INDICATOR_COLOR[summary.indicator]}`}
            data-indicator={summary.indicator}
          >
            {summary.headline}
            <small>Last checked {time(summary.lastCheckedAt)}</small>
          </div>

          {summary.incidents.length > 0 && <h2>Open incidents</h2>}
          {summary.incidents.map((incident) => (
            <section class="card" data-incident={incident.id}>
              <div class="row">
                <span class="name">{incident.title}</span>
                <span class="state" style={`color:${INDICATOR_COLOR[impactIndicator(incident.impact)]}`}>
                  {incident.impact} impact
                </span>
              </div>
              <div class="meta">
                Affects {incident.service_slugs.map((slug) => model.details.get(slug)?.service.name ?? slug).join(", ")}
              </div>
              <Timeline incident={incident} />
            </section>
          ))}

          {summary.maintenance.length > 0 && <h2>Maintenance</h2>}
          {summary.maintenance.map((window) => (
            <section class="card" data-maintenance={window.id}>
              <div class="row">
                <span class="name">{window.title}</span>
                <span class="state" style={`color:${INDICATOR_COLOR.maintenance}`}>
                  {window.status.replace("_", " ")}
                </span>
              </div>
              <div class="meta">
                {model.servicesById.get(window.service_id)?.name} · {time(window.starts_at)} to {time(window.ends_at)}
              </div>
            </section>
          ))}

          <h2>Services</h2>
          {model.services.map((service) => {
            const detail = model.details.get(service.slug)!;
            return (
              <section class="card" data-service={service.slug}>
                <div class="row">
                  <span class="name">{service.name}</span>
                  <span class="state" style={`color:${INDICATOR_COLOR[service.indicator]}`}>
                    {statusLabel(service.current_status)}
                  </span>
                </div>
                {service.description && <div class="desc">{service.description}</div>}
                {detail.components.length > 0 && (
                  <ul class="components">
                    {detail.components.map((component) => (
                      <li>
                        {component.name}:{" "}
                        <span style={`color:${INDICATOR_COLOR[component.indicator]}`}>
                          {statusLabel(component.current_status)}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
                <UptimeBars detail={detail} nowIso={model.nowIso} />
                <div class="legend">
                  <span>{BAR_DAYS} days ago</span>
                  <span>{detail.uptime["90d"].uptimePercent}% uptime</span>
                  <span>Today</span>
                </div>
              </section>
            );
          })}

          {recent.length > 0 && <h2>Past incidents</h2>}
          {recent.map((incident) => (
            <section class="card" data-incident={incident.id}>
              <div class="row">
                <span class="name">{incident.title}</span>
                <span class="state">{incident.status.replace("_", " ")}</span>
              </div>
              <div class="meta">
                {time(incident.started_at)}
                {incident.resolved_at ? ` to ${time(incident.resolved_at)}` : ""}
              </div>
            </section>
          ))}

          <footer>
            <a href={`${model.origin}/status/feed.atom`}>Atom feed</a> ·{" "}
            <a href={`${model.statusUrl}/status`}>JSON API</a> ·{" "}
            <a href={`${model.origin}/api/v2/summary.json`}>Statuspage v2 summary</a> ·{" "}
            <a href={`${model.origin}/status/badge.svg`}>Badge</a>
          </footer>
        </main>
      </body>
    </html>
  );
};

export async function renderStatusPage(model: StatusModel): Promise<string> {
  return `<!doctype html>${await (<StatusPage model={model} />).toString()}`;
}
