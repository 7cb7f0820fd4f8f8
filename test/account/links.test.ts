import { describe, expect, it } from "vitest";
import { accountLinks, passwordRecoveryUrl } from "../../src/domains/identity/account-links";

describe("where e-mail links land", () => {
  it("WEB_APP_URL set: the web app's paths", () => {
    const links = accountLinks("https://app.example.com/", "https://api.example.com");
    expect(links.confirmEmail("ect_a+b")).toBe("https://app.example.com/confirm-email?token=ect_a%2Bb");
    expect(links.resetPassword("ada+x@example.com")).toBe(
      "https://app.example.com/reset-password?email=ada%2Bx%40example.com",
    );
    expect(passwordRecoveryUrl("https://app.example.com")).toBe("https://app.example.com/forgot-password");
  });

  it("WEB_APP_URL empty: this API's pages", () => {
    const links = accountLinks("", "https://api.example.com");
    expect(links.confirmEmail("ect_x")).toBe("https://api.example.com/api/v1/account/confirm-email?token=ect_x");
    expect(links.resetPassword("a@example.com")).toBe(
      "https://api.example.com/api/v1/account/reset-password?email=a%40example.com",
    );
    expect(passwordRecoveryUrl("")).toBe("/api/v1/account/forgot-password");
  });
});
