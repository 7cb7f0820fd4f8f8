// In Node the reference page's renderer bundle (a text module in workerd) would run as a browser
// script; reading the OpenAPI document needs only its route, not its content.
export default "";
