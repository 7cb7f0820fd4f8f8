// In Node, modules that workerd loads as data (the reference page's renderer bundle, the SQL
// parser's WebAssembly) would fail to load; reading the OpenAPI document needs neither.
export default "";
