// The status domain's public face: the status host's rewrite and its scheduled work.
export { routeStatusHost } from "./status-host";
export { statusCron } from "./cron";
