// The notifications domain's public face: what other domains and the hosts may use.
export { notify } from "./service";
export { notificationsCron } from "./cron";
