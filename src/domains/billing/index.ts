// The billing domain's public face: nothing for other domains; its router is mounted by app.ts.
export {};
