// The partner domain's public face: nothing for other domains; its routers are mounted by app.ts.
export {};
