/**
 * The Prometheus metrics (prom-client, one Registry per app), kept only when METRICS_TOKEN is set:
 * without it nobody can read them, so every hook is a no-op. The per-request cost is a Map lookup
 * and a few additions (requestMetrics); everything the scrape can read for itself (memory, database size,
 * backup age, event-loop lag, requests in flight) is read when /metrics is asked for.
 */
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { monitorEventLoopDelay } from "node:perf_hooks";

/** What a refused login or signup ran into (src/auth/throttle.ts). */
export type Throttle = "attempts_per_minute" | "account_from_address" | "account" | "address" | "device" | "signups_per_hour";
export type PictureOutcome = "stored" | "too_large" | "unsupported" | "busy" | "failed";

/** Read at scrape time; each undefined when the thing is not there (no schedule, no size). */
export type Sources = {
  databaseBytes?: () => Promise<number | undefined>;
  /** Seconds since the last good backup (only when backups are scheduled). */
  backupAgeSeconds?: () => number | undefined;
  /** The readiness checks' outcomes by name (src/observe/readiness.ts). */
  readiness?: () => Promise<Record<string, boolean>>;
};

export type Metrics = {
  readonly enabled: boolean;
  /** One answered request: its route pattern, method, status and duration in seconds. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** A request started (+1) or ended (-1). */
  inFlight(delta: 1 | -1): void;
  authRefused(action: "login" | "signup", throttle: Throttle): void;
  /** A picture upload's outcome; `seconds` from its arrival to its re-encoded picture (when decoded). */
  pictureUpload(outcome: PictureOutcome, seconds?: number): void;
  /**
   * The outbox's hook (mail, issue 25): registers carebook_outbox_depth, read from `depth` at
   * each scrape, and returns failed(), which counts carebook_outbox_failures_total.
   */
  outbox(depth: () => Promise<number> | number): { failed(): void };
  /** The text exposition format. */
  text(): Promise<string>;
  readonly contentType: string;
};

const noop = () => undefined;

/** Metrics that keep nothing (METRICS_TOKEN unset). */
export const noMetrics: Metrics = {
  enabled: false,
  request: noop,
  inFlight: noop,
  authRefused: noop,
  pictureUpload: noop,
  outbox: () => ({ failed: noop }),
  text: async () => "",
  contentType: "text/plain",
};

/** Request durations: most answers take a few milliseconds, so the lower buckets are finer than prom-client's. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A picture takes from a few milliseconds (already small) to seconds (a camera photo, or a wait in line). */
const PICTURE_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32];
/** The methods counted by name (any other is OTHER), each with its place in a route's label sets. */
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "OTHER"];
const METHOD_INDEX = new Map(METHODS.map((m, i) => [m, i]));
/** Status classes by the status's hundreds (0: outside 100-599). */
const STATUS_CLASSES = ["other", "1xx", "2xx", "3xx", "4xx", "5xx"];

type LabelSet = { labels: Record<string, string>; buckets: number[]; sum: number; count: number };

/**
 * carebook_http_requests_total and carebook_http_request_duration_seconds, kept in plain numbers
 * per label set and handed to prom-client's registry (which formats them) at each scrape, as any
 * object with get() may be. prom-client's own Counter and Histogram validate and hash the labels
 * on every call, some 0.8 µs a request; here a route's label sets sit in one array found by one
 * Map lookup, indexed by method and status class, so a request builds no string and no object.
 */
function requestMetrics(registry: Registry): Metrics["request"] {
  const routes = new Map<string, (LabelSet | undefined)[]>();
  const all = () => [...routes.values()].flatMap((sets) => sets.filter((set) => set !== undefined));
  const counter = "carebook_http_requests_total";
  const histogram = "carebook_http_request_duration_seconds";
  const metric = (name: string, help: string, type: "counter" | "histogram", values: () => object[]) =>
    registry.registerMetric({ name, help, type, aggregator: "sum", get: async () => ({ name, help, type, aggregator: "sum", values: values() }) } as never);
  metric(counter, "Requests answered, by route pattern, method and status class.", "counter", () =>
    all().map((set) => ({ labels: set.labels, value: set.count })),
  );
  metric(histogram, "Time from a request's arrival to its answer, by route pattern, method and status class.", "histogram", () =>
    all().flatMap((set) => {
      let below = 0;
      const buckets = DURATION_BUCKETS.map((le, i) => ({ metricName: `${histogram}_bucket`, labels: { ...set.labels, le }, value: (below += set.buckets[i]!) }));
      return [
        ...buckets,
        { metricName: `${histogram}_bucket`, labels: { ...set.labels, le: "+Inf" }, value: set.count },
        { metricName: `${histogram}_sum`, labels: set.labels, value: set.sum },
        { metricName: `${histogram}_count`, labels: set.labels, value: set.count },
      ];
    }),
  );
  return (route, method, status, seconds) => {
    let sets = routes.get(route);
    if (sets === undefined) routes.set(route, (sets = []));
    const m = METHOD_INDEX.get(method) ?? METHODS.length - 1;
    const c = status >= 100 && status < 600 ? Math.floor(status / 100) : 0;
    const index = m * STATUS_CLASSES.length + c;
    let set = sets[index];
    if (set === undefined) {
      const labels = { route, method: METHODS[m]!, status: STATUS_CLASSES[c]! };
      sets[index] = set = { labels, buckets: DURATION_BUCKETS.map(() => 0), sum: 0, count: 0 };
    }
    set.count += 1;
    set.sum += seconds;
    for (let i = 0; i < DURATION_BUCKETS.length; i++) {
      if (seconds <= DURATION_BUCKETS[i]!) {
        set.buckets[i]! += 1;
        break;
      }
    }
  };
}

/** The metrics of one app: `sources` are read at each scrape. */
export function createMetrics(sources: Sources = {}): Metrics {
  const registers = [new Registry()];
  const registry = registers[0]!;
  const countRequest = requestMetrics(registry);
  let inFlight = 0;
  new Gauge({ name: "carebook_http_requests_in_flight", help: "Requests being answered now.", registers, collect() { this.set(inFlight); } });

  const refusals = new Counter({
    name: "carebook_auth_refusals_total",
    help: "Logins and signups refused (429) by a throttle, by action and throttle.",
    labelNames: ["action", "throttle"],
    registers,
  });
  const uploads = new Counter({ name: "carebook_picture_uploads_total", help: "Profile picture uploads, by outcome.", labelNames: ["outcome"], registers });
  const decode = new Histogram({
    name: "carebook_picture_decode_seconds",
    help: "From a picture's arrival at the decoder's queue to its re-encoded copy: the wait for the decoder, decoding, resizing and encoding.",
    buckets: PICTURE_BUCKETS,
    registers,
  });

  /** A gauge read at each scrape; a reading that fails or is undefined leaves it unset. */
  const sampled = (name: string, help: string, read: () => Promise<number | undefined> | number | undefined) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const value = await Promise.resolve().then(read).catch(() => undefined);
        if (value !== undefined) this.set(value);
      },
    });
  if (sources.databaseBytes) sampled("carebook_database_size_bytes", "Size of the database (its pages).", sources.databaseBytes);
  if (sources.backupAgeSeconds) {
    sampled(
      "carebook_backup_age_seconds",
      "Seconds since the newest good scheduled backup finished (since the server started, while there is none).",
      sources.backupAgeSeconds,
    );
  }
  if (sources.readiness) {
    const read = sources.readiness;
    new Gauge({
      name: "carebook_ready",
      help: "1 when every readiness check passes (what GET /readyz answers 200 for), else 0; per check with the check label.",
      labelNames: ["check"],
      registers,
      async collect() {
        const checks = await read();
        this.reset();
        for (const [check, ok] of Object.entries(checks)) this.set({ check }, ok ? 1 : 0);
        this.set({ check: "all" }, Object.values(checks).every(Boolean) ? 1 : 0);
      },
    });
  }
  new Gauge({
    name: "carebook_process_memory_bytes",
    help: "The process's memory: resident set, JavaScript heap used and reserved, and memory held outside the heap.",
    labelNames: ["type"],
    registers,
    collect() {
      const m = process.memoryUsage();
      this.set({ type: "rss" }, m.rss);
      this.set({ type: "heap_used" }, m.heapUsed);
      this.set({ type: "heap_total" }, m.heapTotal);
      this.set({ type: "external" }, m.external);
    },
  });
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  new Gauge({
    name: "carebook_event_loop_lag_seconds",
    help: "Event-loop delay since the previous scrape (sampled every 20 ms): mean, 99th percentile and maximum.",
    labelNames: ["stat"],
    registers,
    collect() {
      const seconds = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);
      this.set({ stat: "mean" }, seconds(loop.mean));
      this.set({ stat: "p99" }, seconds(loop.percentile(99)));
      this.set({ stat: "max" }, seconds(loop.max));
      loop.reset();
    },
  });

  let outboxFailures: Counter | undefined;
  return {
    enabled: true,
    request: countRequest,
    inFlight(delta) {
      inFlight += delta;
    },
    authRefused(action, throttle) {
      refusals.inc({ action, throttle });
    },
    pictureUpload(outcome, seconds) {
      uploads.inc({ outcome });
      if (seconds !== undefined) decode.observe(seconds);
    },
    outbox(depth) {
      if (registry.getSingleMetric("carebook_outbox_depth") === undefined) {
        new Gauge({
          name: "carebook_outbox_depth",
          help: "Mails waiting in the outbox.",
          registers,
          async collect() {
            this.set(await depth());
          },
        });
        outboxFailures = new Counter({ name: "carebook_outbox_failures_total", help: "Failed attempts to send a mail from the outbox.", registers });
      }
      return { failed: () => outboxFailures!.inc() };
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}
