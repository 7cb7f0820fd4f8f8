import { writeAnswer, type Source } from "../answer";
import { searchStep, type SearchResult } from "../search";
import type { Capability, CapabilityContext, StepResult } from "../types";
import { readPage, type ReadPage } from "./pages";
import { planQueries } from "./plan";

/** CONTRACT: the numbers per depth; page counts are successful reads, attempts stop at twice that. */
const DEPTHS = {
  standard: { rounds: 1, queries: 4, pages: 6 },
  deep: { rounds: 3, queries: 12, pages: 20 },
} as const;

/** The depth a request's parameters ask for (its runner and its cost estimate read it alike). */
export const depthOf = (parameters: Record<string, unknown>) =>
  DEPTHS[parameters.depth === "deep" ? "deep" : "standard"];
/** CONTRACT: at most 6 page reads at once (a Worker invocation opens at most 6 connections at a time). */
const PAGE_CONCURRENCY = 6;
/** Results asked of the search provider per sub-query. */
const RESULTS_PER_QUERY = 5;

/** The planned sub-queries by round, kept in the run's object as each is planned (a resumed run reuses them). */
interface Plans {
  [round: number]: string[];
}

const normalise = (url: string) => {
  try {
    const parsed = new URL(url);
    parsed.hash = "";
    return parsed.toString();
  } catch {
    return null;
  }
};

/** The round's candidates best first: every query's first result, then every query's second, and so on. */
function candidates(searches: StepResult<{ results: SearchResult[] }>[], seen: Set<string>): SearchResult[] {
  const lists = searches.map((s) => s.data?.results ?? []);
  const picked: SearchResult[] = [];
  for (let rank = 0; rank < Math.max(0, ...lists.map((l) => l.length)); rank++) {
    for (const list of lists) {
      const result = list[rank];
      const url = result && normalise(result.url);
      if (!url || seen.has(url)) continue;
      seen.add(url);
      picked.push({ ...result, url });
    }
  }
  return picked;
}

interface Reading {
  read: { id: string; page: ReadPage }[];
  attempts: number;
}

/**
 * Reads candidates as `web.fetch` steps, at most `PAGE_CONCURRENCY` at once, until `target`
 * pages were read or the attempts reach `maxAttempts` or the candidates run out. No more reads
 * are started than could still be needed (reads in flight may all succeed).
 */
async function readPages(
  context: CapabilityContext,
  queue: SearchResult[],
  reading: Reading,
  target: number,
  maxAttempts: number,
) {
  const readOne = async (next: SearchResult, id: string) => {
    const result = await context.steps.run<ReadPage>(
      {
        id,
        toolKey: "web.fetch",
        input: { url: next.url },
        activity: {
          title: `Reading ${next.title}`,
          detail: next.url,
          status: "reading",
          subject: new URL(next.url).host,
        },
      },
      async () => {
        const page = await readPage(context.env, next.url, context.signal);
        context.unit("page.read", 1);
        return {
          output: { url: page.url, title: page.title, bytes: page.bytes, excerpt: page.text.slice(0, 280) },
          data: page,
        };
      },
    );
    if (result.status === "completed" && result.data) reading.read.push({ id, page: result.data });
  };
  const running = new Set<Promise<void>>();
  for (;;) {
    while (
      !context.signal.aborted &&
      queue.length &&
      running.size < PAGE_CONCURRENCY &&
      reading.read.length + running.size < target &&
      reading.attempts < maxAttempts
    ) {
      const read: Promise<void> = readOne(queue.shift()!, `fetch-${++reading.attempts}`).finally(() =>
        running.delete(read),
      );
      running.add(read);
    }
    if (!running.size) return;
    await Promise.race(running);
  }
}

/**
 * `ai.research.deep`: per round, the chat model plans sub-queries, each is searched (`web.search`),
 * and the best results are read (`web.fetch`); `deep` runs up to 3 rounds, each planned from what
 * was read. Then the chat model writes a report citing only pages that were read. The plans and
 * every step's result live in the run's object, so an evicted run resumes where it was.
 */
export const deepResearch: Capability = {
  key: "ai.research.deep",
  async run(context) {
    const depth = depthOf(context.parameters);
    const maxAttempts = depth.pages * 2;
    const perRound = Math.ceil(depth.queries / depth.rounds);
    const pagesPerRound = Math.ceil(depth.pages / depth.rounds);
    const plans = context.store.get<Plans>("research:plans") ?? {};
    const seen = new Set<string>();
    const reading: Reading = { read: [], attempts: 0 };
    let queries = 0;

    for (let round = 0; round < depth.rounds; round++) {
      const count = Math.min(perRound, depth.queries - queries);
      if (count <= 0 || reading.read.length >= depth.pages || reading.attempts >= maxAttempts || context.signal.aborted)
        break;
      let plan = plans[round];
      if (!plan) {
        plan = await planQueries(
          context,
          round,
          count,
          reading.read.map((r) => r.page.title),
        );
        plans[round] = plan;
        context.store.put("research:plans", plans);
      }
      queries += plan.length;
      const searches = await Promise.all(
        plan.map((query, i) => searchStep(context, `search-${round + 1}-${i + 1}`, query, RESULTS_PER_QUERY)),
      );
      const queue = candidates(searches, seen);
      if (!queue.length) break;
      const target = round === depth.rounds - 1 ? depth.pages : Math.min(depth.pages, pagesPerRound * (round + 1));
      await readPages(context, queue, reading, target, maxAttempts);
    }
    if (context.signal.aborted) return;
    const sources: Source[] = reading.read
      .sort((a, b) => Number(a.id.slice(6)) - Number(b.id.slice(6)))
      .map(({ page }) => ({ title: page.title, url: page.url, text: page.text }));
    await writeAnswer(context, { kind: "report", sources });
  },
};
