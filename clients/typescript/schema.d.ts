// Generated from the OpenAPI document by `npm run client:generate`. Do not edit by hand.
export interface paths {
    "/api/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness
         * @description Answers 200 while the Worker runs; touches no storage. For monitors and load balancers.
         *
         *     **Errors**: none; this operation cannot fail for a caller.
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/health"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Alive */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @enum {string} */
                                status: "ok";
                            };
                        };
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register
         * @description Create an account with a personal workspace.
         *
         *     Creates the user, an account on plan `free` and a personal workspace owned by the user, and signs them in: the answer carries `accessToken` (valid `expiresIn` = 3600 seconds) and `refreshToken`. A confirmation link is mailed (to the outbox when no mail provider is configured). `password` is 10 to 200 characters.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 409 `conflict`: an account with this e-mail exists, or the username is taken or reserved
         *     - 413 `payload_too_large`: the body is over 1 MiB
         *     - 415 `unsupported_media_type`: the body is not `application/json`
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 10 requests in 5 minutes per client IP; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/auth/register" \
         *       -H "Content-Type: application/json" \
         *       -d '{"email":"ada@example.com","password":"a-long-password","name":"Ada Lovelace","username":"ada"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RegisterRequest"];
                };
            };
            responses: {
                /** @description Registered */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["AuthResult"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 413 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 415 */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in
         * @description Sign in with e-mail and password.
         *
         *     Same answer as register: the user, `accessToken`, `refreshToken`, `expiresIn`.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `invalid_credentials`: unknown e-mail or wrong password (the same answer for both)
         *     - 413 `payload_too_large`: the body is over 1 MiB
         *     - 415 `unsupported_media_type`: the body is not `application/json`
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 8 requests in a minute per client IP and e-mail; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/auth/login" \
         *       -H "Content-Type: application/json" \
         *       -d '{"email":"ada@example.com","password":"a-long-password"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["LoginRequest"];
                };
            };
            responses: {
                /** @description Signed in */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["AuthResult"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 413 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 415 */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refresh tokens
         * @description Rotate a refresh token.
         *
         *     Consumes the refresh token and answers a new pair. Reusing a consumed refresh token revokes its whole family: sign in again.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the refresh token is unknown, expired, revoked or already used
         *     - 413 `payload_too_large`: the body is over 1 MiB
         *     - 415 `unsupported_media_type`: the body is not `application/json`
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per client IP; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/auth/refresh" \
         *       -H "Content-Type: application/json" \
         *       -d '{"refreshToken":"rt_3q2x…"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RefreshTokenRequest"];
                };
            };
            responses: {
                /** @description Signed in */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["AuthResult"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 413 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 415 */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out
         * @description End the session a refresh token belongs to.
         *
         *     Revokes the refresh token's family. Answers `{ revoked: true }` also for an unknown token.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per client IP; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/auth/logout" \
         *       -H "Content-Type: application/json" \
         *       -d '{"refreshToken":"rt_3q2x…"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RefreshTokenRequest"];
                };
            };
            responses: {
                /** @description Session ended */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @enum {boolean} */
                                revoked: true;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Current user
         * @description The caller, their workspaces, plan and entitlements.
         *
         *     The user, `workspaces[]` (`id`, `name`, `kind` personal or business, `role`), `plan` and `entitlements[]` (`ai`, `connectors`, `provider:<key>`).
         *
         *     **Errors**
         *
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: an OAuth token whose scopes do not grant this operation, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/me" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The caller */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Me"];
                        };
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/resend-confirmation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend confirmation
         * @description Send a new confirmation link to an unconfirmed address. Always 202 with the same body, whether or not the address has an account (or is confirmed already).
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 413 `payload_too_large`: the body is over 1 MiB
         *     - 415 `unsupported_media_type`: the body is not `application/json`
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 5 requests in 5 minutes per client IP; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/auth/resend-confirmation" \
         *       -H "Content-Type: application/json" \
         *       -d '{"email":"ada@example.com"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EmailRequest"];
                };
            };
            responses: {
                /** @description Accepted */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Always true: the answer is the same whether or not the address has an account */
                            data: {
                                /** @enum {boolean} */
                                sent: true;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 413 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 415 */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/confirm-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm e-mail
         * @description Confirm an address with the token of a confirmation link. Confirms the registration address, or makes a pending new address (change-email) the account's. 400 `invalid_token` when used, expired or unknown.
         *
         *     **Errors**
         *
         *     - 400 `invalid_token`: the token is used, expired or unknown (also `bad_request` for a missing field)
         *     - 409 `conflict`: another account uses the new address by now (a change-email confirmation)
         *     - 413 `payload_too_large`: the body is over 1 MiB
         *     - 415 `unsupported_media_type`: the body is not `application/json`
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 5 requests in 5 minutes per client IP; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/auth/confirm-email" \
         *       -H "Content-Type: application/json" \
         *       -d '{"token":"ect_N2f…"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ConfirmEmailRequest"];
                };
            };
            responses: {
                /** @description Confirmed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["UserResult"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 413 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 415 */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request recovery code
         * @description Mail a 6-digit recovery code (15 minutes, 5 tries). Always 202 with the same body, whether or not the address has an account.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 413 `payload_too_large`: the body is over 1 MiB
         *     - 415 `unsupported_media_type`: the body is not `application/json`
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 3 requests in 5 minutes per client IP; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/auth/forgot-password" \
         *       -H "Content-Type: application/json" \
         *       -d '{"email":"ada@example.com"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["EmailRequest"];
                };
            };
            responses: {
                /** @description Accepted */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            /** @description Always true: the answer is the same whether or not the address has an account */
                            data: {
                                /** @enum {boolean} */
                                sent: true;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 413 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 415 */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/exchange-recovery-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Exchange recovery code
         * @description Exchange a recovery code for a single-use reset token (15 minutes). 400 `invalid_token` for a wrong, expired or used-up code and for unknown addresses alike. The fifth wrong try kills the code.
         *
         *     **Errors**
         *
         *     - 400 `invalid_token`: wrong, expired or used-up code, or unknown address (the same answer)
         *     - 413 `payload_too_large`: the body is over 1 MiB
         *     - 415 `unsupported_media_type`: the body is not `application/json`
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 15 requests in 5 minutes per client IP; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/auth/exchange-recovery-code" \
         *       -H "Content-Type: application/json" \
         *       -d '{"email":"ada@example.com","code":"042917"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ExchangeRecoveryCodeRequest"];
                };
            };
            responses: {
                /** @description Reset token */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ResetToken"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 413 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 415 */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset password
         * @description Set a new password with a reset token. Revokes every session and refresh family of the user, and every OAuth grant (its refresh and access tokens).
         *
         *     **Errors**
         *
         *     - 400 `invalid_token`: the reset token is used, expired or unknown; or a field is invalid (`bad_request`)
         *     - 413 `payload_too_large`: the body is over 1 MiB
         *     - 415 `unsupported_media_type`: the body is not `application/json`
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 5 requests in 5 minutes per client IP; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/auth/reset-password" \
         *       -H "Content-Type: application/json" \
         *       -d '{"resetToken":"prt_8Kd…","password":"a-new-long-password"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ResetPasswordRequest"];
                };
            };
            responses: {
                /** @description Password reset */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @enum {boolean} */
                                reset: true;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 413 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 415 */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/check-username": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check username
         * @description Whether a username is free (case-insensitive; reserved names are never free).
         *
         *     Usernames match `^[a-z0-9_]{3,30}$`.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 20 requests in a minute per client IP; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/auth/check-username?username=ada_l"
         *     ```
         */
        get: {
            parameters: {
                query: {
                    username: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Availability */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["UsernameAvailability"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/claim-username": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Claim username
         * @description Claim a username for the caller. 409 `conflict` when taken (by any case) or reserved; of concurrent claims of one name exactly one wins.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: an OAuth token whose scopes do not grant this operation, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 409 `conflict`: the username is taken (in any case) or reserved
         *     - 413 `payload_too_large`: the body is over 1 MiB
         *     - 415 `unsupported_media_type`: the body is not `application/json`
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 5 requests in a minute per user; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/auth/claim-username" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"username":"ada_l"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ClaimUsernameRequest"];
                };
            };
            responses: {
                /** @description Claimed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["UserResult"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 413 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 415 */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/change-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change e-mail
         * @description Change the account's address (effective once the new address confirms). Needs the password (403 `forbidden` when wrong). The new address gets a confirmation link; the old address is told. The answer is the same whether or not the new address belongs to another account.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the password is wrong (or an OAuth token: first-party only)
         *     - 413 `payload_too_large`: the body is over 1 MiB
         *     - 415 `unsupported_media_type`: the body is not `application/json`
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 10 requests in a minute per user; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/auth/change-email" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"email":"ada@new.example.com","password":"a-long-password"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ChangeEmailRequest"];
                };
            };
            responses: {
                /** @description Confirmation sent */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @enum {boolean} */
                                pending: true;
                                email: string;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 413 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 415 */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/change-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change password
         * @description Change the password (current password required; other sessions end). 403 `forbidden` when the current password is wrong. The calling session stays signed in; every other session is revoked.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the current password is wrong (or an OAuth token: first-party only)
         *     - 413 `payload_too_large`: the body is over 1 MiB
         *     - 415 `unsupported_media_type`: the body is not `application/json`
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 10 requests in a minute per user; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/auth/change-password" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"currentPassword":"a-long-password","password":"a-new-long-password"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["ChangePasswordRequest"];
                };
            };
            responses: {
                /** @description Changed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @enum {boolean} */
                                changed: true;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 413 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 415 */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/confirm-email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Confirm e-mail page
         * @description Landing page of a confirmation link (when WEB_APP_URL is not set).
         *
         *     The page of a confirmation link's `token`; it confirms with a CSRF-protected POST, so link scanners cannot spend it.
         *
         *     **Errors**: none; this operation cannot fail for a caller.
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/account/confirm-email?token=ect_..."
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    token?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page with a button that confirms the address */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        /**
         * Confirm e-mail (form)
         * @description Confirm an address (browser form; counts against POST /auth/confirm-email's limit).
         *
         *     **Errors**
         *
         *     - 400: a page saying what is wrong: the link is invalid, expired or used
         *     - 403: a page saying the form has expired: its CSRF token is missing or stale (reload and try again)
         *     - 409: a page saying another account uses the address by now
         *     - 429: a page saying to wait: too many attempts (the JSON endpoint's limit is counted)
         *
         *     **Example**
         *
         *     ```bash
         *     Posted by the page's own form (`token`, `csrf`), with the page's cookie.
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-www-form-urlencoded": {
                        token?: string;
                        csrf?: string;
                    };
                };
            };
            responses: {
                /** @description Confirmed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Invalid, expired or used link */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description CSRF check failed */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Address taken meanwhile */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Too many attempts */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/forgot-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Forgot password page
         * @description Password recovery: ask for a code (the OAuth sign-in page links here).
         *
         *     **Errors**: none; this operation cannot fail for a caller.
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/account/forgot-password"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A form for the account's address */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        /**
         * Forgot password (form)
         * @description Mail a recovery code (browser form; counts against POST /auth/forgot-password's limit).
         *
         *     Answers 303 to the reset page for the address, whether or not it has an account.
         *
         *     **Errors**
         *
         *     - 400: a page saying what is wrong: not an e-mail address (the form is shown again)
         *     - 403: a page saying the form has expired: its CSRF token is missing or stale (reload and try again)
         *     - 429: a page saying to wait: too many attempts (the JSON endpoint's limit is counted)
         *
         *     **Example**
         *
         *     ```bash
         *     Posted by the page's own form (`email`, `csrf`), with the page's cookie.
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-www-form-urlencoded": {
                        email?: string;
                        csrf?: string;
                    };
                };
            };
            responses: {
                /** @description To the reset page, whether or not the address has an account */
                303: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not an e-mail address */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description CSRF check failed */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/reset-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Reset password page
         * @description Landing page of a recovery e-mail: enter the code and a new password.
         *
         *     **Errors**: none; this operation cannot fail for a caller.
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/account/reset-password?email=ada%40example.com"
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    email?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A form for e-mail, code and new password */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        /**
         * Reset password (form)
         * @description Exchange the code and set the new password (browser form; counts against both endpoints' limits).
         *
         *     **Errors**
         *
         *     - 400: a page saying what is wrong: a wrong or expired code, or a password that is not 10 to 200 characters (the form is shown again)
         *     - 403: a page saying the form has expired: its CSRF token is missing or stale (reload and try again)
         *     - 429: a page saying to wait: too many attempts (the JSON endpoint's limit is counted)
         *
         *     **Example**
         *
         *     ```bash
         *     Posted by the page's own form (`email`, `code`, `password`, `csrf`), with the page's cookie.
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-www-form-urlencoded": {
                        email?: string;
                        code?: string;
                        password?: string;
                        csrf?: string;
                    };
                };
            };
            responses: {
                /** @description Password changed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Wrong code or invalid password */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description CSRF check failed */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Too many attempts */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/checkout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Checkout for a plan
         * @description Start a Stripe Checkout for a paid plan (subscription). Returns the Checkout Session's URL for the browser. The plan changes when Stripe reports the paid checkout (POST /billing/webhook). 503 `billing_unavailable` when Stripe is not configured; 409 when the account is on that plan already or has a live subscription.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: an OAuth token whose scopes do not grant this operation, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 409 `conflict`: the account is on that plan already, or has a live subscription
         *     - 413 `payload_too_large`: the body is over 1 MiB
         *     - 415 `unsupported_media_type`: the body is not `application/json`
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 5 requests in a minute per user; `Retry-After` says when to try again
         *     - 502 `CONNECTION_FAILED`: Stripe could not be reached or answered an error
         *     - 503 `billing_unavailable`: Stripe is not configured on this deployment
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/billing/checkout" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"plan":"pro","successUrl":"https://app.example.com/billing/success","cancelUrl":"https://app.example.com/billing/cancel"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CheckoutRequest"];
                };
            };
            responses: {
                /** @description Checkout Session created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["CheckoutSession"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 413 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 415 */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 502 */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 503 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/top-ups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Top up wallet
         * @description Top up the wallet: a Stripe Checkout (one payment) for 5 to 500 USD. Returns the Checkout Session's URL for the browser. The wallet is credited when Stripe reports the paid checkout (POST /billing/webhook), once. Any signed-in user (first-party token); 503 `billing_unavailable` when Stripe is not configured.
         *
         *     `amountUsd` is 5 to 500.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: an OAuth token whose scopes do not grant this operation, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 413 `payload_too_large`: the body is over 1 MiB
         *     - 415 `unsupported_media_type`: the body is not `application/json`
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 5 requests in a minute per user; `Retry-After` says when to try again
         *     - 502 `CONNECTION_FAILED`: Stripe could not be reached or answered an error
         *     - 503 `billing_unavailable`: Stripe is not configured on this deployment
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/billing/top-ups" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"amountUsd":20,"successUrl":"https://app.example.com/wallet/paid","cancelUrl":"https://app.example.com/wallet"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["TopUpRequest"];
                };
            };
            responses: {
                /** @description Checkout Session created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["CheckoutSession"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 413 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 415 */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 502 */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 503 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/billing/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stripe webhook
         * @description Stripe webhook: a paid checkout sets the plan or credits a top-up, a deleted subscription returns to free. The body is Stripe's event JSON, verified against the `Stripe-Signature` header (`t=...,v1=...`, HMAC-SHA256 with the endpoint secret, at most 5 minutes old). Idempotent by event id. Handled: `checkout.session.completed` and `checkout.session.async_payment_succeeded` (when `payment_status` is `paid`; subscription mode sets the plan, payment mode credits the wallet top-up once), `customer.subscription.deleted`; other events are acknowledged and ignored. 400 for a missing or invalid signature, 503 `billing_unavailable` when Stripe is not configured.
         *
         *     Called by Stripe, not by clients.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: the `Stripe-Signature` header is missing, invalid or over 5 minutes old, or the body is not an event
         *     - 413 `payload_too_large`: the body is over 1 MiB
         *     - 415 `unsupported_media_type`: the body is not `application/json`
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per client IP (the default limit); `Retry-After` says when to try again
         *     - 503 `billing_unavailable`: Stripe is not configured on this deployment
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/billing/webhook" \
         *       -H "Stripe-Signature: t=1767225600,v1=5257a869e7ec..." \
         *       -H "Content-Type: application/json" \
         *       -d '{"id":"evt_1","type":"checkout.session.completed","data":{"object":{"id":"cs_test_1","mode":"payment","payment_status":"paid"}}}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Received */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["WebhookReceipt"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 413 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 415 */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 503 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List workspaces
         * @description The caller's workspaces.
         *
         *     **Errors**
         *
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: an OAuth token whose scopes do not grant this operation, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/workspaces" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Workspaces */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Workspace"][];
                        };
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create workspace
         * @description Create a business workspace (plan `business`); the caller becomes its owner.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the account is not on plan `business` (or an OAuth token: first-party only)
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/workspaces" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"name":"Acme Research"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateWorkspaceRequest"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Workspace"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/workspaces/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add member
         * @description Add a member (owners and admins only).
         *
         *     `email` of an existing user; `role` is `admin` or `member`.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the caller is not an owner or admin of the workspace (or not a member at all)
         *     - 404 `not_found`: no user has this e-mail address
         *     - 409 `conflict`: the user is a member already, or the workspace is personal
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/workspaces/$ID/members" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"email":"grace@example.com","role":"member"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AddMemberRequest"];
                };
            };
            responses: {
                /** @description Added */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Membership"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Provision user
         * @description Provision a user (and their account and personal workspace).
         *
         *     No rate limit: operator provisioning.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the operator token (`ADMIN_TOKEN`) is missing or wrong
         *     - 409 `conflict`: an account with this e-mail exists
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/admin/users" \
         *       -H "Authorization: Bearer $ADMIN_TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"email":"grace@example.com","password":"a-long-password","name":"Grace Hopper","plan":"pro"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["AdminCreateUserRequest"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["User"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/partner-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue partner key
         * @description Issue a partner API key (the key is shown once).
         *
         *     The answer's `key` is shown once; only its hash is stored. A key with `partner:oauth-client-admin` registers OAuth clients.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the operator token (`ADMIN_TOKEN`) is missing or wrong
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/admin/partner-keys" \
         *       -H "Authorization: Bearer $ADMIN_TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"name":"Acme","scopes":["partner:oauth-client-admin"]}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreatePartnerKeyRequest"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["PartnerKey"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{userId}/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change user's account
         * @description Change a user's plan, entitlements (replacing the list) or AI allowance.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the operator token (`ADMIN_TOKEN`) is missing or wrong
         *     - 404 `not_found`: no such user
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X PATCH "http://localhost:8787/api/v1/admin/users/$USER_ID/account" \
         *       -H "Authorization: Bearer $ADMIN_TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"plan":"business","entitlements":["ai","connectors"]}'
         *     ```
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateAccountRequest"];
                };
            };
            responses: {
                /** @description The account */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Account"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/admin/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send notification
         * @description Send a notification to a user.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the operator token (`ADMIN_TOKEN`) is missing or wrong
         *     - 404 `not_found`: no such user
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/admin/notifications" \
         *       -H "Authorization: Bearer $ADMIN_TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"userId":"7d0b8f8e-2f7a-4c8e-9a51-0c3c5e4b9f10","title":"Your weekly summary is ready","body":"You ran 12 AI sessions this week.","icon":"chart","actionUrl":"/usage","category":"productivity","priority":"low"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateNotificationRequest"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Notification"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/status/services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create status service
         * @description Create a status service.
         *
         *     Every status write republishes the public projection before it answers.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the operator token (`ADMIN_TOKEN`) is missing or wrong
         *     - 409 `conflict`: the slug is taken
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/admin/status/services" \
         *       -H "Authorization: Bearer $ADMIN_TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"slug":"api","name":"API","description":"The public REST API","sortOrder":10,"isPublic":true}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateStatusService"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["StatusService"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/status/services/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update status service
         * @description Change a status service.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the operator token (`ADMIN_TOKEN`) is missing or wrong
         *     - 404 `not_found`: no service with this slug
         *     - 409 `conflict`: the new slug is taken
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X PATCH "http://localhost:8787/api/v1/admin/status/services/$SLUG" \
         *       -H "Authorization: Bearer $ADMIN_TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"name":"Public API","sortOrder":5}'
         *     ```
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateStatusService"];
                };
            };
            responses: {
                /** @description Updated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["StatusService"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/admin/status/components": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create component
         * @description Create a component of a service.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid, or `serviceSlug` names no service (`details.fields[]`)
         *     - 401 `unauthorized`: the operator token (`ADMIN_TOKEN`) is missing or wrong
         *     - 409 `conflict`: the slug is taken
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/admin/status/components" \
         *       -H "Authorization: Bearer $ADMIN_TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"slug":"api-auth","name":"Authentication","serviceSlug":"api","status":"operational"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateStatusComponent"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["StatusComponent"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/status/components/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update component
         * @description Change a component (its status, typically).
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the operator token (`ADMIN_TOKEN`) is missing or wrong
         *     - 404 `not_found`: no component with this slug
         *     - 409 `conflict`: the new slug is taken
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X PATCH "http://localhost:8787/api/v1/admin/status/components/$SLUG" \
         *       -H "Authorization: Bearer $ADMIN_TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"status":"degraded_performance"}'
         *     ```
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateStatusComponent"];
                };
            };
            responses: {
                /** @description Updated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["StatusComponent"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/admin/status/incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open incident
         * @description Open (or record) an incident.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid, or `serviceSlugs` names an unknown service (`details.fields[]`)
         *     - 401 `unauthorized`: the operator token (`ADMIN_TOKEN`) is missing or wrong
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/admin/status/incidents" \
         *       -H "Authorization: Bearer $ADMIN_TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"title":"Elevated error rates","impact":"major","description":"Some requests fail with 5xx.","serviceSlugs":["api"],"status":"investigating"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateStatusIncident"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["StatusIncident"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/status/incidents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update incident
         * @description Change an incident.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the operator token (`ADMIN_TOKEN`) is missing or wrong
         *     - 404 `not_found`: no such incident
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X PATCH "http://localhost:8787/api/v1/admin/status/incidents/$ID" \
         *       -H "Authorization: Bearer $ADMIN_TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"status":"monitoring"}'
         *     ```
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateStatusIncident"];
                };
            };
            responses: {
                /** @description Updated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["StatusIncident"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/admin/status/incidents/{id}/updates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Post incident update
         * @description Post an update to an incident's timeline (moves the incident to that status).
         *
         *     `resolved` sets the incident's `resolved_at`.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the operator token (`ADMIN_TOKEN`) is missing or wrong
         *     - 404 `not_found`: no such incident
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/admin/status/incidents/$ID/updates" \
         *       -H "Authorization: Bearer $ADMIN_TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"status":"identified","message":"A bad deploy; rolling back.","authorName":"Platform team"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateStatusIncidentUpdate"];
                };
            };
            responses: {
                /** @description The incident with its timeline */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["StatusIncident"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/status/maintenance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Schedule maintenance
         * @description Schedule a maintenance window.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid, `serviceSlug` is unknown, or `endsAt` is not after `startsAt`
         *     - 401 `unauthorized`: the operator token (`ADMIN_TOKEN`) is missing or wrong
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/admin/status/maintenance" \
         *       -H "Authorization: Bearer $ADMIN_TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"title":"Database engine upgrade","serviceSlug":"api","startsAt":"2026-12-01T02:00:00Z","endsAt":"2026-12-01T04:00:00Z","status":"scheduled"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateStatusMaintenance"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["StatusMaintenance"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/status/maintenance/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update maintenance
         * @description Change a maintenance window.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the operator token (`ADMIN_TOKEN`) is missing or wrong
         *     - 404 `not_found`: no such maintenance window
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X PATCH "http://localhost:8787/api/v1/admin/status/maintenance/$ID" \
         *       -H "Authorization: Bearer $ADMIN_TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"status":"in_progress"}'
         *     ```
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["UpdateStatusMaintenance"];
                };
            };
            responses: {
                /** @description Updated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["StatusMaintenance"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/admin/ai/messages/{messageId}/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tail a reply (operator)
         * @description Tail a reply's event stream (replay after Last-Event-ID, then live).
         *
         *     The same SSE stream as the owner's (see the introduction), for support.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the operator token (`ADMIN_TOKEN`) is missing or wrong
         *     - 404 `not_found`: no such assistant message, or it has no run
         *
         *     **Example**
         *
         *     ```bash
         *     curl -N "http://localhost:8787/api/v1/admin/ai/messages/$MESSAGE_ID/stream" \
         *       -H "Authorization: Bearer $ADMIN_TOKEN" -H "Accept: text/event-stream"
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    lastEventId?: string;
                };
                header?: never;
                path: {
                    messageId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description SSE frames */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Nothing is left to send */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the outbox
         * @description E-mails written to the outbox (sign-in and confirmation links, recovery codes), newest first.
         *
         *     Offset pagination (`limit` at most 100). Locally, this is where sign-in links and codes arrive.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the operator token (`ADMIN_TOKEN`) is missing or wrong
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/admin/outbox" \
         *       -H "Authorization: Bearer $ADMIN_TOKEN"
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number | null;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Outbox messages */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["OutboxMessage"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                                hasNextPage: boolean;
                                requestId: string;
                                durationMs: number;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/users/{userId}/wallet/adjustments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Adjust wallet
         * @description Credit or debit a user's wallet (an `adjustment` entry). `amountUsd` is signed (rounded to the micro-dollar). A `reference` used before is 409 and changes nothing, so a retry is safe.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the operator token (`ADMIN_TOKEN`) is missing or wrong
         *     - 404 `not_found`: no such user
         *     - 409 `conflict`: an adjustment with this `reference` exists already (nothing changed)
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/admin/users/$USER_ID/wallet/adjustments" \
         *       -H "Authorization: Bearer $ADMIN_TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"amountUsd":5,"reason":"Refund for a failed run","reference":"ticket-1234"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    userId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WalletAdjustmentRequest"];
                };
            };
            responses: {
                /** @description The entry */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["WalletEntry"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List notifications
         * @description The caller's notifications, newest first (archived and expired ones excluded unless `status` asks).
         *
         *     Offset pagination (`limit` 1 to 50, default 20). `status` filters (`unread`, `read`, `archived`).
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: an OAuth token whose scopes do not grant this operation, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 60 requests in a minute per user; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/notifications" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number | null;
                    /** @description Only this status. Without it: unread and read (archived excluded). Expired ones are never listed. */
                    status?: "unread" | "read" | "archived";
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One page of notifications */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Notification"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                                hasNextPage: boolean;
                                requestId: string;
                                durationMs: number;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notifications/unread-count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Unread count
         * @description How many unread, unexpired notifications the caller has.
         *
         *     **Errors**
         *
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: an OAuth token whose scopes do not grant this operation, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 60 requests in a minute per user; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/notifications/unread-count" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The unread count */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["UnreadCount"];
                        };
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notifications/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Mark read
         * @description Mark one notification read (sets `readAt` once; no-op when already read).
         *
         *     **Errors**
         *
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: an OAuth token whose scopes do not grant this operation, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 404 `not_found`: no such notification of the caller
         *     - 422 `unprocessable_entity`: `id` is not a UUID
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 30 requests in a minute per user; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X PATCH "http://localhost:8787/api/v1/notifications/$ID/read" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Read (or already read) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["NotificationReadResult"];
                        };
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 422 */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/notifications/mark-all-read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark all read
         * @description Mark every unread notification that existed when the request arrived as read.
         *
         *     **Errors**
         *
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: an OAuth token whose scopes do not grant this operation, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 10 requests in a minute per user; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/notifications/mark-all-read" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description All read */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["NotificationsAllReadResult"];
                        };
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/notifications/{id}/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Archive
         * @description Archive one notification (retained, hidden from the default listing; no-op when archived).
         *
         *     **Errors**
         *
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: an OAuth token whose scopes do not grant this operation, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 404 `not_found`: no such notification of the caller
         *     - 422 `unprocessable_entity`: `id` is not a UUID
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 30 requests in a minute per user; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X PATCH "http://localhost:8787/api/v1/notifications/$ID/archive" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Archived */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["NotificationArchiveResult"];
                        };
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 422 */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status summary
         * @description Platform summary.
         *
         *     Anonymous. Every status answer carries `Cache-Control: public, max-age=30, stale-while-revalidate=300`, an `ETag` and `Last-Modified`; `If-None-Match` / `If-Modified-Since` get 304.
         *
         *     **Errors**
         *
         *     - 404 `not_found`: nothing has been published yet (a fresh deployment)
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/status"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Summary */
                200: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["StatusSummary"];
                        };
                    };
                };
                /** @description Not modified: `If-None-Match` (ETag list or `*`) or `If-Modified-Since` matched */
                304: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/status/services": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status services
         * @description Public services ordered by sort_order.
         *
         *     **Errors**
         *
         *     - 404 `not_found`: nothing has been published yet
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/status/services"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Services */
                200: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["StatusService"][];
                        };
                    };
                };
                /** @description Not modified: `If-None-Match` (ETag list or `*`) or `If-Modified-Since` matched */
                304: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/status/services/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status of a service
         * @description One service with its components, incidents, maintenance and uptime.
         *
         *     **Errors**
         *
         *     - 404 `not_found`: no public service with this slug
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/status/services/$SLUG"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    slug: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Service */
                200: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["StatusServiceDetail"];
                        };
                    };
                };
                /** @description Not modified: `If-None-Match` (ETag list or `*`) or `If-Modified-Since` matched */
                304: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/status/components": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Components
         * @description Components, optionally of one service.
         *
         *     **Errors**
         *
         *     - 404 `not_found`: nothing has been published yet (a `serviceSlug` naming no public service is an empty list)
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/status/components"
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    serviceSlug?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Components */
                200: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["StatusComponent"][];
                        };
                    };
                };
                /** @description Not modified: `If-None-Match` (ETag list or `*`) or `If-Modified-Since` matched */
                304: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/status/incidents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Incidents
         * @description Incident feed, newest first.
         *
         *     Offset pagination (`limit` 1 to 100, default 20).
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 404 `not_found`: nothing has been published yet
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/status/incidents"
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    offset?: number | null;
                    limit?: number;
                    /** @description Only incidents affecting this service */
                    serviceSlug?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of incidents */
                200: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["StatusIncident"][];
                            meta: {
                                total: number;
                                limit: number;
                                offset: number;
                                hasNextPage: boolean;
                            };
                        };
                    };
                };
                /** @description Not modified: `If-None-Match` (ETag list or `*`) or `If-Modified-Since` matched */
                304: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/status/incidents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Incident
         * @description One incident with its full update timeline.
         *
         *     **Errors**
         *
         *     - 404 `not_found`: no such incident
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/status/incidents/$ID"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Incident */
                200: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["StatusIncident"];
                        };
                    };
                };
                /** @description Not modified: `If-None-Match` (ETag list or `*`) or `If-Modified-Since` matched */
                304: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/status/maintenance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Maintenance
         * @description Upcoming and active maintenance windows.
         *
         *     **Errors**
         *
         *     - 404 `not_found`: nothing has been published yet
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/status/maintenance"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Maintenance */
                200: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["StatusMaintenance"][];
                        };
                    };
                };
                /** @description Not modified: `If-None-Match` (ETag list or `*`) or `If-Modified-Since` matched */
                304: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/status/snapshots/{date}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Daily snapshot
         * @description The daily snapshot of a UTC date.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: `date` is not `YYYY-MM-DD`
         *     - 404 `not_found`: no snapshot exists for that date
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/status/snapshots/2026-01-31"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    date: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Snapshot */
                200: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["StatusSnapshot"];
                        };
                    };
                };
                /** @description Not modified: `If-None-Match` (ETag list or `*`) or `If-Modified-Since` matched */
                304: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/status/uptime/{window}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Uptime rollup
         * @description Platform uptime rollup over a window.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: `window` is not one of `24h`, `7d`, `30d`, `90d`, `1y`
         *     - 404 `not_found`: nothing has been published yet
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/status/uptime/30d"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    window: "24h" | "7d" | "30d" | "90d" | "1y";
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Rollup */
                200: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["StatusUptimeRollup"];
                        };
                    };
                };
                /** @description Not modified: `If-None-Match` (ETag list or `*`) or `If-Modified-Since` matched */
                304: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get session
         * @description One conversation.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 404 `not_found`: no such resource, or it is not the caller's
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/ai/sessions/$SESSION_ID" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The session */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["AiSession"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete session
         * @description Delete a conversation and its messages (a run still going is stopped).
         *
         *     Its generated media go with it; uploads stay (`DELETE /api/v1/files/{id}`).
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 404 `not_found`: no such resource, or it is not the caller's
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X DELETE "http://localhost:8787/api/v1/ai/sessions/$SESSION_ID" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                id: string;
                                /** @enum {boolean} */
                                deleted: true;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/personas": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List personas
         * @description The caller's personas, newest first.
         *
         *     **Errors**
         *
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/ai/personas" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Personas */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Persona"][];
                        };
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create persona
         * @description Create a persona (standing instructions for a session's runs).
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/ai/personas" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"name":"Travel agent","instructions":"Answer as a concise travel agent."}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreatePersonaRequest"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Persona"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List models
         * @description Active models (the demo model only where no real model is configured or AI_DEMO_MODEL is on; it is the default only when nothing else is configured).
         *
         *     `key` is what `model` takes on send.
         *
         *     **Errors**
         *
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/ai/models" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Models */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["AiModel"][];
                        };
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/capabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List capabilities
         * @description What this deployment can do: each capability, whether it is available, its providers and parameters.
         *
         *     What `capabilityKey` on send can run here: `available`, the default `provider`, every configured one, and each parameter's range.
         *
         *     **Errors**
         *
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/ai/capabilities" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Capabilities */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["AiCapability"][];
                        };
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/memories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List memories
         * @description The caller's memories, newest first.
         *
         *     Cursor pagination.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/ai/memories" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["AiMemory"][];
                            meta: {
                                limit: number;
                                hasNextPage: boolean;
                                nextCursor: string | null;
                                requestId: string;
                                durationMs: number;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Add memory
         * @description Add a memory (pinned into a run's instructions with memoryIds).
         *
         *     `content` at most 2,000 characters.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 409 `conflict`: the caller has 200 memories, the most there may be
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/ai/memories" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"content":"I prefer metric units"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateAiMemory"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["AiMemory"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/memories/{memoryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete memory
         * @description Delete a memory (runs already started keep it; later retries run without it).
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 404 `not_found`: no such resource, or it is not the caller's
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X DELETE "http://localhost:8787/api/v1/ai/memories/$MEMORY_ID" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    memoryId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                id: string;
                                /** @enum {boolean} */
                                deleted: true;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/sessions/{sessionId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Message history
         * @description History: each user message and its active reply, in conversation order.
         *
         *     Either cursor pagination (`cursor`; `meta` has `cursor`, `hasMore`, `total`) or `offset`. `personaId` filters by persona: 404 when the session is not associated with it.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 404 `not_found`: no such session of the caller, or the session is not associated with `personaId`
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 60 requests in a minute per user; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/ai/sessions/$SESSION_ID/messages" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    /** @description 1-100 with a cursor (default 25), 1-50 with `offset` (default 20) */
                    limit?: number;
                    cursor?: string;
                    offset?: number | null;
                    personaId?: string;
                };
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One page of messages */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Message"][];
                            meta: {
                                cursor: string | null;
                                hasMore: boolean;
                                total: number;
                                requestId: string;
                                durationMs: number;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Send message
         * @description Send a message; the reply's run starts and is streamed separately.
         *
         *     Answers 201 at once with `userMessage`, an empty `assistantMessage` and `run` (`queued`); the reply streams from `GET .../messages/{messageId}/stream`. `content` is 1 to 20,000 characters. A `capabilityKey` runs that capability (`GET /api/v1/ai/capabilities`); its parameters go in `parameters`. Spends one request of the daily allowance. A send repeating an `idempotencyKey` answers 200 with the first send's result.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid: `details.fields[]` names each (unknown or foreign capability parameters, an attachment or memory that is not the sender's, too many attachments, a model that cannot take images)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 402 `spend_cap_reached`: the account's monthly spend cap is reached, or the run's maximum estimated cost does not fit in what it leaves; the message names the cap and when it resets (the first of next month, UTC)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 404 `not_found`: no such session of the caller
         *     - 409 `conflict`: a reply in this session is still being generated; stop it or wait for its terminal event
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 20 sends a minute, or the daily AI allowance is spent (`Retry-After`)
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/ai/sessions/$SESSION_ID/messages" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"content":"Find three quiet beaches near Lisbon","capabilityKey":"ai.search.web","parameters":{"maxResults":5}}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["SendMessageRequest"];
                };
            };
            responses: {
                /** @description The first send with this idempotencyKey */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["SendMessageResult"];
                        };
                    };
                };
                /** @description Sent; the reply is an empty shell until its run streams */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["SendMessageResult"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 402 */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/sessions/{sessionId}/messages/{assistantMessageId}/retries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry reply
         * @description Create another version of a reply (it becomes the active one).
         *
         *     `idempotencyKey` is required (at most 200 characters): a second retry with the same key answers the first retry's result. Spends one request of the daily allowance.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 402 `spend_cap_reached`: the account's monthly spend cap is reached, or the run's maximum estimated cost does not fit in what it leaves; the message names the cap and when it resets (the first of next month, UTC)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 404 `not_found`: no such session of the caller, or no such assistant message in it
         *     - 409 `conflict`: a reply in this session is still being generated; stop it or wait for its terminal event
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 20 retries a minute, or the daily AI allowance is spent (`Retry-After`)
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/ai/sessions/$SESSION_ID/messages/$ASSISTANT_MESSAGE_ID/retries" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"idempotencyKey":"retry-2026-11-22-1"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                    assistantMessageId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["RetryRequest"];
                };
            };
            responses: {
                /** @description The new version and its run */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["SendMessageResult"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 402 */
                402: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/sessions/{sessionId}/messages/{assistantMessageId}/selection": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Select version
         * @description Make this version of a reply the active one.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 404 `not_found`: no such session of the caller, or no such version of a reply in it
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/ai/sessions/$SESSION_ID/messages/$ASSISTANT_MESSAGE_ID/selection" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                    assistantMessageId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Selected */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["SelectionResult"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/sessions/{sessionId}/messages/{assistantMessageId}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop reply
         * @description Stop a reply being generated; the partial content is kept.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 404 `not_found`: no such session of the caller, or no such assistant message in it
         *     - 409 `conflict`: the reply has already ended (completed, stopped or failed); there is nothing to stop
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 30 requests in a minute per user; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/ai/sessions/$SESSION_ID/messages/$ASSISTANT_MESSAGE_ID/stop" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                    assistantMessageId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Stopped */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["StopResult"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/sessions/{sessionId}/messages/{assistantMessageId}/tool-calls/{callId}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decide tool call
         * @description Approve or reject a tool call awaiting approval. The session's owner, with a first-party token: an OAuth access token is refused (403) whatever its scopes.
         *
         *     Approved: the call runs (`executing`, then its outcome); rejected: `rejected`, and the model is told.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: an OAuth token (whatever its scopes), or the plan lacks the `ai` entitlement
         *     - 404 `not_found`: no such session, message or tool call of the caller
         *     - 409 `conflict`: the tool call is not awaiting a decision
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/ai/sessions/$SESSION_ID/messages/$ASSISTANT_MESSAGE_ID/tool-calls/$CALL_ID/decision" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"approve":true}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                    assistantMessageId: string;
                    callId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        approve: boolean;
                    };
                };
            };
            responses: {
                /** @description The tool call after the decision */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ToolCall"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/sessions/{sessionId}/messages/{messageId}/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream reply (SSE)
         * @description The reply's events as SSE: replay after Last-Event-ID (or all), then live until the terminal event.
         *
         *     See the introduction's "Streaming replies": frames `id`/`event`/`data`, `retry: 3000`, `: ping` every 15 seconds, resume with `Last-Event-ID` (or `?lastEventId=`), 204 when that id is at or past the terminal event.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 404 `not_found`: no such session of the caller, or no such message in it
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 20 requests in a minute per user; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -N "http://localhost:8787/api/v1/ai/sessions/$SESSION_ID/messages/$MESSAGE_ID/stream" \
         *       -H "Authorization: Bearer $TOKEN" -H "Accept: text/event-stream" -H "Last-Event-ID: 12"
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    /** @description Same as the Last-Event-ID header */
                    lastEventId?: string;
                };
                header?: never;
                path: {
                    sessionId: string;
                    messageId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description SSE frames: id, event, data (envelope JSON) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Nothing is left to send: the run ended at or before Last-Event-ID */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/runs/{runId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get run
         * @description A run: its status, session and assistant message.
         *
         *     The run record: `id`, `status` (`queued` until its run starts, then `running`, and at its end `completed`, `stopped` or `failed`), `sessionId`, `messageId` (the assistant message it writes), `createdAt` and `endedAt` (null while it runs). For a client that holds only a `runId` (the send's `run.id`).
         *
         *     **Errors**
         *
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 404 `not_found`: no such run in a session of the caller
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/ai/runs/$RUN_ID" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    runId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The run */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["AiRun"];
                        };
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/runs/{runId}/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stream run (SSE)
         * @description The run's events as SSE: the stream of the assistant message the run writes.
         *
         *     The stream of the assistant message the run writes, reached by the run's id: the same frames, event ids, replay after `Last-Event-ID` (or `?lastEventId=`), heartbeats and end, 204 when that id is at or past the terminal event. Counts in the same per-user limit as the message stream.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 404 `not_found`: no such run in a session of the caller
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 20 requests in a minute per user; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -N "http://localhost:8787/api/v1/ai/runs/$RUN_ID/stream" \
         *       -H "Authorization: Bearer $TOKEN" -H "Accept: text/event-stream" -H "Last-Event-ID: 12"
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    /** @description Same as the Last-Event-ID header */
                    lastEventId?: string;
                };
                header?: never;
                path: {
                    runId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description SSE frames: id, event, data (envelope JSON) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/event-stream": string;
                    };
                };
                /** @description Nothing is left to send: the run ended at or before Last-Event-ID */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/operations/rate-limit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * AI allowance
         * @description The caller's daily AI request allowance (per account).
         *
         *     `limit`, `remaining`, `resetsAt` and `scope` (`account`).
         *
         *     **Errors**
         *
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/ai/operations/rate-limit" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Allowance */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["AiRequestAllowance"];
                        };
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/operations/sessions/{sessionId}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Session usage
         * @description Token usage of a conversation's runs, with an estimated cost.
         *
         *     Totals over the session's runs; `estimatedCostUsd` is null when no price is known for what was used.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 404 `not_found`: no such resource, or it is not the caller's
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/ai/operations/sessions/$SESSION_ID/usage" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    sessionId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Usage */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["AiSessionUsage"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/oauth/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Authorize (browser)
         * @description Start an authorization code flow with PKCE (browser).
         *
         *     Open in the user's browser. It leads to sign-in and consent, then redirects to `redirect_uri` with `code`, `state` and `iss` (or `error=access_denied`).
         *
         *     **Errors**
         *
         *     - 400: an error page, never a redirect, for an unknown `client_id` or a `redirect_uri` not registered; other invalid parameters redirect with `error=invalid_request` (`invalid_scope`, `invalid_target`)
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per client IP (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     http://localhost:8787/api/v1/oauth/authorize?response_type=code&client_id=$CLIENT_ID&redirect_uri=https%3A%2F%2Fapp.example.com%2Fcallback&scope=profile%3Aread%20email%3Aread&state=xyz&code_challenge=$CHALLENGE&code_challenge_method=S256
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    /** @description The client's UUID, or the https URL of its Client ID Metadata Document (`client_id`, `client_name`, `redirect_uris`) */
                    client_id?: string | string[];
                    /** @description Must equal a registered redirect URI byte for byte */
                    redirect_uri?: string | string[];
                    /** @description Always `code` */
                    response_type?: string | string[];
                    /** @description Space-separated scopes */
                    scope?: string | string[];
                    /** @description Returned unchanged */
                    state?: string | string[];
                    /** @description BASE64URL(SHA-256(code_verifier)) */
                    code_challenge?: string | string[];
                    /** @description Always `S256` */
                    code_challenge_method?: string | string[];
                    /** @description RFC 8707, optional, once: `{base_url}` (the API) or `{base_url}/mcp` (the MCP gateway); the tokens' `aud` */
                    resource?: string | string[];
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description To the sign-in page, or back to the client with `error`, `state` and `iss` */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unknown client or unregistered redirect URI: shown, never redirected */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Too many metadata documents fetched for this IP (a client_id that is a URL) */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/oauth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign-in page
         * @description Sign-in page of a flow (browser).
         *
         *     Answers 303 to the consent page when the browser is signed in already.
         *
         *     **Errors**
         *
         *     - 400: an error page: the flow is expired or belongs to another browser (start again at authorize)
         *
         *     **Example**
         *
         *     ```bash
         *     Reached by the redirect of `GET /api/v1/oauth/authorize`.
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    flow?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The sign-in page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Already signed in: to consent */
                303: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Expired or foreign flow */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        /**
         * Sign in (form)
         * @description Sign in with e-mail and password (browser form).
         *
         *     **Errors**
         *
         *     - 401: the page again: wrong e-mail or password
         *     - 403: the CSRF token is missing or stale
         *     - 429: the page, saying to wait: too many attempts for this address from this IP
         *
         *     **Example**
         *
         *     ```bash
         *     Posted by the sign-in page's form (`flow`, `csrf`, `email`, `password`).
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-www-form-urlencoded": {
                        flow: string;
                        csrf: string;
                        email: string;
                        password: string;
                    };
                };
            };
            responses: {
                /** @description Signed in: to consent */
                303: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Wrong e-mail or password */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description CSRF check failed */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Too many attempts */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/oauth/magic-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check-your-e-mail page
         * @description Check-your-e-mail page, after a sign-in link was requested (browser).
         *
         *     **Errors**
         *
         *     - 400: an error page: the flow is expired or belongs to another browser
         *
         *     **Example**
         *
         *     ```bash
         *     Reached by the 303 of `POST /api/v1/oauth/magic-link`.
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    flow?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Check your e-mail */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Expired or foreign flow */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        /**
         * Send sign-in link (form)
         * @description E-mail a single-use sign-in link (written to the outbox).
         *
         *     **Errors**
         *
         *     - 400: an error page: the flow is expired or belongs to another browser, or the e-mail is invalid
         *     - 403: the CSRF token is missing or stale
         *     - 429: the page, saying to wait
         *
         *     **Example**
         *
         *     ```bash
         *     Posted by the sign-in page's form (`flow`, `csrf`, `email`).
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-www-form-urlencoded": {
                        flow: string;
                        csrf: string;
                        email: string;
                    };
                };
            };
            responses: {
                /** @description Sent (or not, for an unknown address: the answer is the same): to the check-your-e-mail page */
                303: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Expired or foreign flow */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description CSRF check failed */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Too many requests */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/oauth/magic": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Sign-in link page
         * @description Landing page of a sign-in link: confirms with a POST, so link scanners cannot spend it.
         *
         *     **Errors**
         *
         *     - 400: an error page: the link is expired, or opened in another browser than the one that asked for it
         *
         *     **Example**
         *
         *     ```bash
         *     Opened from the e-mailed link.
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    token?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Confirm sign-in */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Expired link, or opened in another browser */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        /**
         * Spend sign-in link (form)
         * @description Spend a sign-in link (browser form).
         *
         *     **Errors**
         *
         *     - 400: an error page: the link is expired or spent
         *     - 403: the CSRF token is missing or stale
         *
         *     **Example**
         *
         *     ```bash
         *     Posted by the link page's form.
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-www-form-urlencoded": {
                        flow: string;
                        csrf: string;
                        token: string;
                    };
                };
            };
            responses: {
                /** @description Signed in: to consent */
                303: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Expired or spent link */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description CSRF check failed */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/oauth/consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Consent page
         * @description Consent page listing the requested scopes (browser).
         *
         *     Answers 303 to sign-in when the browser is not signed in.
         *
         *     **Errors**
         *
         *     - 400: an error page: the flow is expired or belongs to another browser
         *
         *     **Example**
         *
         *     ```bash
         *     Reached after sign-in.
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    flow?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The consent page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Not signed in: to sign-in */
                303: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Expired or foreign flow */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        /**
         * Approve or deny (form)
         * @description Approve or deny (browser form); back to the client with `code` or `error=access_denied`.
         *
         *     **Errors**
         *
         *     - 400: an error page: the flow is expired or belongs to another browser
         *     - 403: the CSRF token is missing or stale
         *
         *     **Example**
         *
         *     ```bash
         *     Posted by the consent page's form (`flow`, `csrf`, `decision`).
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-www-form-urlencoded": {
                        flow: string;
                        csrf: string;
                        /** @enum {string} */
                        decision: "approve" | "deny";
                    };
                };
            };
            responses: {
                /** @description To the client's redirect URI with `state` and `iss` */
                303: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Expired flow */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description CSRF check failed */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/partner/oauth-clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register OAuth client
         * @description Register an OAuth client (the client secret is shown once).
         *
         *     `clientSecret` is returned once (confidential clients only). Every client uses PKCE with S256.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the partner API key is missing, unknown or revoked
         *     - 403 `forbidden`: the partner key lacks the scope `partner:oauth-client-admin`
         *     - 413 `payload_too_large`: the body is over 1 MiB
         *     - 415 `unsupported_media_type`: the body is not `application/json`
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per client IP (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/partner/oauth-clients" \
         *       -H "Authorization: Bearer $PARTNER_KEY" \
         *       -H "Content-Type: application/json" \
         *       -d '{"clientName":"Acme Planner","clientType":"confidential","redirectUris":["https://acme.example.com/callback"],"grantTypes":["authorization_code","refresh_token"],"allowedScopes":["email:read","profile:read","execution:run"]}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateOAuthClientRequest"];
                };
            };
            responses: {
                /** @description The registered client */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["OAuthClient"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 413 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 415 */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/oauth/{connectorKey}/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Connector OAuth callback
         * @description Called by the external service after consent; answers 302 to the web app's connector settings.
         *
         *     Called by the external service's redirect; clients never call it.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a query parameter is over its length, or the connector key is malformed; a missing, used or expired `state` redirects with `status=error&error=invalid_state` instead
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per client IP (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     Reached by the provider's redirect after the user consents.
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    code?: string;
                    state?: string;
                    error?: string;
                    error_description?: string;
                };
                header?: never;
                path: {
                    connectorKey: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description To {WEB_APP_URL}/settings/connectors with status=connected, or status=error&error=invalid_state|access_denied|exchange_failed */
                302: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/instances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List instances
         * @description Instances visible in the active workspace (the caller's personal ones, the workspace's team ones).
         *
         *     Offset pagination (`limit` 1 to 100, default 20). `scope` filters (`personal`, `team`); `locale` translates.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `connectors` entitlement, `X-Workspace-Id` names a workspace the caller is not a member of, or the caller may not manage this instance
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/connectors/instances" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID"
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number | null;
                    scope?: "personal" | "team";
                    locale?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One page of instances */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ConnectorInstance"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                                hasNextPage: boolean;
                                requestId: string;
                                durationMs: number;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create instance
         * @description Create an instance (status pending_auth).
         *
         *     Status `pending_auth` until credentials are stored or the OAuth hand-off completes.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid, or `config` does not match the definition's `configSchema` or names a forbidden URL
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: no `connectors` entitlement, or a `team` instance without plan `business` and the owner or admin role
         *     - 404 `NOT_FOUND`: no such connector definition visible to the caller
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/connectors/instances" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID" \
         *       -H "Content-Type: application/json" \
         *       -d '{"connectorKey":"mcp-generic","displayName":"Research MCP server","scope":"personal","config":{"serverUrl":"https://mcp.example.com/mcp"}}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        connectorKey: string;
                        displayName: string;
                        /**
                         * @default personal
                         * @enum {string}
                         */
                        scope?: "personal" | "team";
                        config?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ConnectorInstance"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/instances/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get instance
         * @description One instance.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `connectors` entitlement, `X-Workspace-Id` names a workspace the caller is not a member of, or the caller may not manage this instance
         *     - 404 `NOT_FOUND`: no such resource visible to the caller in this workspace (never says which)
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/connectors/instances/$ID" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID"
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    locale?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The instance */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ConnectorInstance"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete instance
         * @description Delete (user-created) or disable (built-in OAuth SaaS) an instance.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `connectors` entitlement, `X-Workspace-Id` names a workspace the caller is not a member of, or the caller may not manage this instance
         *     - 404 `NOT_FOUND`: no such resource visible to the caller in this workspace (never says which)
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X DELETE "http://localhost:8787/api/v1/connectors/instances/$ID" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID"
         *     ```
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted or disabled */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                deleted: boolean;
                                enabled?: boolean;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /**
         * Update instance
         * @description Update displayName, config or enabled (ownership is immutable).
         *
         *     Changing the destination (`baseUrl`, `serverUrl`, database host) clears stored credentials.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `connectors` entitlement, `X-Workspace-Id` names a workspace the caller is not a member of, or the caller may not manage this instance
         *     - 404 `NOT_FOUND`: no such resource visible to the caller in this workspace (never says which)
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X PATCH "http://localhost:8787/api/v1/connectors/instances/$ID" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID" \
         *       -H "Content-Type: application/json" \
         *       -d '{"displayName":"Research MCP (staging)","enabled":false}'
         *     ```
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        displayName?: string;
                        config?: {
                            [key: string]: unknown;
                        };
                        enabled?: boolean;
                    };
                };
            };
            responses: {
                /** @description Updated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ConnectorInstance"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/connectors/instances/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test connection
         * @description Test the connection (health check through the adapter).
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `connectors` entitlement, `X-Workspace-Id` names a workspace the caller is not a member of, or the caller may not manage this instance
         *     - 404 `NOT_FOUND`: no such resource visible to the caller in this workspace (never says which)
         *     - 409 `CONNECTOR_ERROR`: not testable: no credentials, the instance is disabled, or its connector is unavailable
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *     - 503 `CONNECTION_FAILED`: the provider is not configured or inactive on this deployment
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/connectors/instances/$ID/test" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID"
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The outcome */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                ok: boolean;
                                status: string;
                                message: string;
                                latencyMs: number;
                                /** Format: date-time */
                                checkedAt: string;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 503 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/instances/{id}/oauth/initiate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start OAuth hand-off
         * @description Start the OAuth hand-off: the provider's authorize URL (with state and PKCE) to open in the user's browser.
         *
         *     Open `redirectUrl` in the user's browser; the callback stores the tokens and redirects to the web app.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `connectors` entitlement, `X-Workspace-Id` names a workspace the caller is not a member of, or the caller may not manage this instance
         *     - 404 `NOT_FOUND`: no such resource visible to the caller in this workspace (never says which)
         *     - 409 `CONNECTOR_ERROR`: the instance is disabled, its connector is unavailable, or it does not use OAuth
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *     - 503 `CONNECTION_FAILED`: the provider is not configured on this deployment
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/connectors/instances/$ID/oauth/initiate" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID"
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Open redirectUrl in the user's browser */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ConnectorOAuthInitiate"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 503 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/instances/{id}/credentials": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Store credentials
         * @description Store or replace credentials (sealed; the instance becomes active).
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid, or `credType` does not fit the definition's `authType`
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `connectors` entitlement, `X-Workspace-Id` names a workspace the caller is not a member of, or the caller may not manage this instance
         *     - 404 `NOT_FOUND`: no such resource visible to the caller in this workspace (never says which)
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/connectors/instances/$ID/credentials" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID" \
         *       -H "Content-Type: application/json" \
         *       -d '{"credType":"bearer_token","credentials":{"token":"mcp-token-..."}}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @enum {string} */
                        credType: "oauth2" | "api_key" | "basic_auth" | "bearer_token" | "connection_string" | "custom";
                        credentials: {
                            [key: string]: unknown;
                        };
                        scopes?: string[];
                    };
                };
            };
            responses: {
                /** @description Stored */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                instanceId: string;
                                credType: string;
                                /** Format: date-time */
                                rotatedAt: string;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * Delete credentials
         * @description Delete credentials (the instance goes back to pending_auth); 409 when none are stored.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `connectors` entitlement, `X-Workspace-Id` names a workspace the caller is not a member of, or the caller may not manage this instance
         *     - 404 `NOT_FOUND`: no such resource visible to the caller in this workspace (never says which)
         *     - 409 `CONNECTOR_ERROR`: no credentials are stored
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X DELETE "http://localhost:8787/api/v1/connectors/instances/$ID/credentials" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID"
         *     ```
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                instanceId: string;
                                credType: string;
                                /** Format: date-time */
                                rotatedAt: string;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/instances/{id}/credentials/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Credential status
         * @description Whether credentials are stored (never their values).
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `connectors` entitlement, `X-Workspace-Id` names a workspace the caller is not a member of, or the caller may not manage this instance
         *     - 404 `NOT_FOUND`: no such resource visible to the caller in this workspace (never says which)
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/connectors/instances/$ID/credentials/status" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Status */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                configured: boolean;
                                credType: string | null;
                                /** Format: date-time */
                                expiresAt: string | null;
                                scopes: string[] | null;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/instances/{id}/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tools
         * @description The instance's tools.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `connectors` entitlement, `X-Workspace-Id` names a workspace the caller is not a member of, or the caller may not manage this instance
         *     - 404 `NOT_FOUND`: no such resource visible to the caller in this workspace (never says which)
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/connectors/instances/$ID/tools" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID"
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    locale?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Tools */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ConnectorTool"][];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create tool
         * @description Create a custom tool (custom, non-system connectors only).
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid, or a schema is refused (remote `$ref`, too deep, a `pattern` that cannot run in linear time)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: not a custom connector's instance, or the caller may not manage it
         *     - 404 `NOT_FOUND`: no such resource visible to the caller in this workspace (never says which)
         *     - 409 `conflict`: the `toolKey` exists on this instance; or `CONNECTOR_ERROR`: the instance holds 500 tools
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/connectors/instances/$ID/tools" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID" \
         *       -H "Content-Type: application/json" \
         *       -d '{"toolKey":"create_ticket","displayName":"Create ticket","description":"Opens a ticket in the help desk","inputSchema":{"type":"object","properties":{"title":{"type":"string"}},"required":["title"]},"outputSchema":{"type":"object","properties":{"id":{"type":"string"}}},"requiresApproval":true}'
         *     ```
         */
        post: {
            parameters: {
                query?: {
                    locale?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        toolKey: string;
                        displayName: string;
                        description?: string;
                        inputSchema: {
                            [key: string]: unknown;
                        };
                        outputSchema: {
                            [key: string]: unknown;
                        };
                        /** @default false */
                        requiresApproval?: boolean;
                        rateLimitRpm?: number;
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ConnectorTool"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/instances/{id}/sync-tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sync tools
         * @description Pull the adapter's tools and upsert them; returns the full list, and in meta.skipped the discovered tools not stored (name or schema refused).
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `connectors` entitlement, `X-Workspace-Id` names a workspace the caller is not a member of, or the caller may not manage this instance
         *     - 404 `NOT_FOUND`: no such resource visible to the caller in this workspace (never says which)
         *     - 409 `CONNECTOR_ERROR`: no usable credentials, the instance is disabled, or the server lists more than 500 tools
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *     - 502 `CONNECTION_FAILED`: the external service could not be reached or answered garbage
         *     - 503 `CONNECTION_FAILED`: the provider is not configured on this deployment
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/connectors/instances/$ID/sync-tools" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID"
         *     ```
         */
        post: {
            parameters: {
                query?: {
                    locale?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Tools */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ConnectorTool"][];
                            meta: {
                                skipped: {
                                    name: string;
                                    reason: string;
                                }[];
                                requestId: string;
                                durationMs: number;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 502 */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 503 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/instances/{id}/tools/{toolId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Enable or disable tool
         * @description Enable or disable a tool.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `connectors` entitlement, `X-Workspace-Id` names a workspace the caller is not a member of, or the caller may not manage this instance
         *     - 404 `NOT_FOUND`: no such resource visible to the caller in this workspace (never says which)
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X PATCH "http://localhost:8787/api/v1/connectors/instances/$ID/tools/$TOOL_ID" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID" \
         *       -H "Content-Type: application/json" \
         *       -d '{"enabled":true}'
         *     ```
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    toolId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        enabled: boolean;
                    };
                };
            };
            responses: {
                /** @description Updated */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                id: string;
                                isActive: boolean;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/connectors/instances/{id}/tools/{toolId}/execute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Execute tool
         * @description Execute a tool directly (tools that require approval are refused).
         *
         *     A failure inside the external service is still 200 with `success` false, `httpStatus` and `error`. Checked in order: instance visible (404), may execute (403), tool exists (404), tool and instance usable (409), approval (403), input (400), the tool's `rateLimitRpm` (429).
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: `input` does not match the tool's `inputSchema` (`details.fields[]`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: no `connectors` entitlement, or the caller may not execute this instance's tools
         *     - 403 `connector_tool_approval_required`: the tool has `requiresApproval` true: nothing is sent (it runs only through the assistant)
         *     - 404 `NOT_FOUND`: no such resource visible to the caller in this workspace (never says which)
         *     - 409 `CONNECTOR_ERROR`: the tool or instance is disabled, or no usable credentials are stored
         *     - 429 `RATE_LIMIT_EXCEEDED`: the default limit, or the tool's own `rateLimitRpm` (`Retry-After`)
         *     - 502 `CONNECTION_FAILED`: the external service could not be reached, answered garbage, or over 5 MiB
         *     - 503 `CONNECTION_FAILED`: the provider is not configured on this deployment
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/connectors/instances/$ID/tools/$TOOL_ID/execute" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID" \
         *       -H "Content-Type: application/json" \
         *       -d '{"input":{"sql":"SELECT id, title FROM tickets WHERE status = $1","params":["open"]}}'
         *     ```
         */
        post: {
            parameters: {
                query?: {
                    locale?: string;
                };
                header?: never;
                path: {
                    id: string;
                    toolId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        input: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description The result */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                success: boolean;
                                output: {
                                    [key: string]: unknown;
                                };
                                error: string | null;
                                httpStatus: number | null;
                                durationMs: number;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 502 */
                502: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 503 */
                503: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/instances/{id}/executions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Execution history
         * @description Execution history, newest first (inputs and outputs are never listed).
         *
         *     Offset pagination (`limit` 1 to 100, default 20).
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `connectors` entitlement, `X-Workspace-Id` names a workspace the caller is not a member of, or the caller may not manage this instance
         *     - 404 `NOT_FOUND`: no such resource visible to the caller in this workspace (never says which)
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/connectors/instances/$ID/executions" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID"
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number | null;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One page of history */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ConnectorExecution"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                                hasNextPage: boolean;
                                requestId: string;
                                durationMs: number;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List definitions
         * @description Connector definitions: built-in and the account's custom ones.
         *
         *     Query `category`, `isActive`, `locale`.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `connectors` entitlement, `X-Workspace-Id` names a workspace the caller is not a member of, or the caller may not manage this instance
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/connectors" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID"
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    category?: "communication" | "productivity" | "database" | "developer" | "design" | "mcp" | "custom";
                    isActive?: "true" | "false";
                    locale?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Definitions */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ConnectorDefinition"][];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/definitions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create definition
         * @description Create a custom definition (category custom; account owner or workspace owner/admin).
         *
         *     `key` matches `^[a-z0-9][a-z0-9-]{1,62}$`.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the caller is not the account owner or a workspace owner/admin
         *     - 409 `conflict`: the key exists in the account or is a built-in connector's
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/connectors/definitions" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID" \
         *       -H "Content-Type: application/json" \
         *       -d '{"key":"acme-helpdesk","displayName":"Acme help desk","description":"Tickets in the Acme help desk","authType":"bearer_token","configSchema":{"type":"object","properties":{"baseUrl":{"type":"string"}},"required":["baseUrl"]}}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        key: string;
                        displayName: string;
                        description?: string;
                        /** Format: uri */
                        iconUrl?: string;
                        /** @enum {string} */
                        authType: "none" | "api_key" | "oauth2" | "basic_auth" | "bearer_token" | "custom";
                        authConfig?: {
                            [key: string]: unknown;
                        };
                        configSchema?: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ConnectorDefinition"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/definitions/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Retire definition
         * @description Retire a custom definition: its team instances and the caller's own are deleted, other people's personal instances stay unavailable.
         *
         *     **Errors**
         *
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: a built-in definition, or the caller is not the account owner or a workspace owner/admin
         *     - 404 `NOT_FOUND`: no such custom definition in the account
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X DELETE "http://localhost:8787/api/v1/connectors/definitions/$KEY" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID"
         *     ```
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    key: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** @enum {boolean} */
                                deleted: true;
                            };
                        };
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get definition
         * @description One definition (public metadata).
         *
         *     **Errors**
         *
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `connectors` entitlement, `X-Workspace-Id` names a workspace the caller is not a member of, or the caller may not manage this instance
         *     - 404 `NOT_FOUND`: no such resource visible to the caller in this workspace (never says which)
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/connectors/$KEY" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID"
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    locale?: string;
                };
                header?: never;
                path: {
                    key: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The definition */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ConnectorDefinition"];
                        };
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/instances/{id}/consents/{clientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Grant client consent
         * @description Let an OAuth client use tools of your personal instance (automation consent).
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `connectors` entitlement, `X-Workspace-Id` names a workspace the caller is not a member of, or the caller may not manage this instance
         *     - 404 `NOT_FOUND`: no such instance of the caller, or no such OAuth client
         *     - 409 `CONNECTOR_ERROR`: a team instance: consents apply to personal instances
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X PUT "http://localhost:8787/api/v1/connectors/instances/$ID/consents/$CLIENT_ID" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID" \
         *       -H "Content-Type: application/json" \
         *       -d '{"toolKeys":["search_messages"],"workspaceId":"0b6f3c52-5d1e-4b7a-9c3e-2f8d6a1e4b90","audience":"owner"}'
         *     ```
         */
        put: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    /** @description A registered client's UUID, or a metadata-document client's URL (percent-encoded) */
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        toolKeys: string[];
                        /** Format: uuid */
                        workspaceId: string;
                        /** @enum {string} */
                        audience: "owner" | "workspace";
                    };
                };
            };
            responses: {
                /** @description The consent */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ConnectorConsent"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Revoke client consent
         * @description Revoke a client's consent (future calls only).
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `connectors` entitlement, `X-Workspace-Id` names a workspace the caller is not a member of, or the caller may not manage this instance
         *     - 404 `NOT_FOUND`: no such resource visible to the caller in this workspace (never says which)
         *     - 409 `CONNECTOR_ERROR`: a team instance: consents apply to personal instances
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X DELETE "http://localhost:8787/api/v1/connectors/instances/$ID/consents/$CLIENT_ID" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID"
         *     ```
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                    /** @description A registered client's UUID, or a metadata-document client's URL (percent-encoded) */
                    clientId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Revoked */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                clientId: string;
                                /** @enum {boolean} */
                                revoked: true;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/connectors/instances/{id}/consents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List client consents
         * @description The OAuth clients your personal instance has consented to.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `connectors` entitlement, `X-Workspace-Id` names a workspace the caller is not a member of, or the caller may not manage this instance
         *     - 404 `NOT_FOUND`: no such resource visible to the caller in this workspace (never says which)
         *     - 409 `CONNECTOR_ERROR`: a team instance: consents apply to personal instances
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/connectors/instances/$ID/consents" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "X-Workspace-Id: $WORKSPACE_ID"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The consents */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["ConnectorConsent"][];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * MCP stream (not offered)
         * @description Not offered: 405 (no server-initiated stream).
         *
         *     **Errors**
         *
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: an OAuth token whose scopes do not grant this operation, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 405: always, a JSON-RPC error with `Allow: POST`: no server-initiated stream
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/mcp" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Only POST */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["JsonRpcMessage"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * MCP server
         * @description MCP server (Streamable HTTP, stateless JSON-RPC 2.0) over the caller's connector tools and the AI capabilities. initialize, tools/list, tools/call, ping. Protocol versions 2025-11-25, 2025-06-18; no batches. The workspace is X-Workspace-Id. A capability call answers as SSE (progress, then the response) when Accept allows it.
         *
         *     Lists only tools that may run directly. A tool's own failure is a JSON-RPC result with `isError: true`, not an HTTP error.
         *
         *     **Errors**
         *
         *     - 400: a JSON-RPC error message: not JSON, a batch, an invalid request, or an unsupported `MCP-Protocol-Version`
         *     - 401 `unauthorized`: no valid token; `WWW-Authenticate` names the protected-resource metadata
         *     - 403 `forbidden`: an `Origin` other than the issuer's, or an OAuth token without `execution:run`
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 60 requests in a minute per user; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/mcp" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "Content-Type: application/json" -H "Accept: application/json, text/event-stream" \
         *       -d '{"jsonrpc":"2.0","id":1,"method":"tools/list"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The JSON-RPC response (errors too, as JSON-RPC errors); for a capability call, SSE when Accept allows it */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["JsonRpcMessage"];
                        "text/event-stream": string;
                    };
                };
                /** @description A notification or response was accepted */
                202: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Not JSON, a batch, an invalid request or an unsupported MCP-Protocol-Version */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["JsonRpcMessage"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        /**
         * MCP session end (not offered)
         * @description Not offered: 405 (no sessions to end).
         *
         *     **Errors**
         *
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: an OAuth token whose scopes do not grant this operation, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 405: always, a JSON-RPC error with `Allow: POST`: no sessions to end
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X DELETE "http://localhost:8787/api/v1/mcp" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Only POST */
                405: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["JsonRpcMessage"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wallet balance
         * @description The caller's prepaid balance (USD). First-party tokens, or OAuth tokens with `wallet:read`. The balance may be below zero: it refuses nothing yet.
         *
         *     Also the monthly spend cap (`monthlyCapUsd`, null: none) and this calendar month's spend (`monthSpentUsd`, UTC).
         *
         *     **Errors**
         *
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: an OAuth token whose scopes do not grant this operation, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/wallet" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The wallet */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Wallet"];
                        };
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set spend cap
         * @description Set or remove the monthly spend cap (USD). First-party tokens only: no OAuth scope admits it. Once this calendar month's spend (UTC) reaches the cap, priced AI runs are refused with 402 `spend_cap_reached` until the first of next month; a cap of 0 allows no priced run, null removes the cap. In-app notifications at 80% and 100% of the cap, once a month each.
         *
         *     `monthlyCapUsd` 0 to 100,000, or null to remove the cap. A send, retry or MCP capability call that would be priced is refused with 402 `spend_cap_reached` once the month's spend reaches the cap, or when its maximum estimated cost does not fit in what the cap leaves beside runs in progress. In-app notifications at 80% and 100% of the cap, once a month each.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: `monthlyCapUsd` missing, not a number or null, below 0 or above 100,000, or another field
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: an OAuth token (no scope admits this operation, `wallet:read` included)
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X PATCH "http://localhost:8787/api/v1/wallet" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"monthlyCapUsd":25}'
         *     ```
         */
        patch: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["WalletSpendCapRequest"];
                };
            };
            responses: {
                /** @description The wallet, with its new cap */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["Wallet"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/wallet/entries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wallet ledger
         * @description The wallet's ledger, newest first (top-ups, AI usage, adjustments).
         *
         *     Offset pagination (`limit` 1 to 50, default 20).
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: an OAuth token whose scopes do not grant this operation, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/wallet/entries" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    offset?: number | null;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One page of entries */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["WalletEntry"][];
                            meta: {
                                limit: number;
                                offset: number;
                                total: number;
                                hasNextPage: boolean;
                                requestId: string;
                                durationMs: number;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload file
         * @description Upload a file (raw body with its Content-Type, or multipart/form-data with one `file`; at most 20 MiB).
         *
         *     PNG, JPEG, WebP, GIF, PDF, plain text, Markdown, CSV, JSON. Use the answer's `id` in `attachmentIds` on send.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: the content does not match its declared type, or a multipart body without one `file`
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 413 `payload_too_large`: the file is over 20 MiB
         *     - 415 `unsupported_media_type`: a type not in the list above
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 30 requests in a minute per user; `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/files" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "Content-Type: image/png" --data-binary @photo.png
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            /** @description One of image/png, image/jpeg, image/webp, image/gif, application/pdf, text/plain, text/markdown, text/csv, application/json; checked by its content */
            requestBody: {
                content: {
                    "image/png": string;
                    "image/jpeg": string;
                    "image/webp": string;
                    "image/gif": string;
                    "application/pdf": string;
                    "text/plain": string;
                    "text/markdown": string;
                    "text/csv": string;
                    "application/json": string;
                    "multipart/form-data": {
                        /** Format: binary */
                        file: string;
                    };
                };
            };
            responses: {
                /** @description Stored */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["MediaItem"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 413 */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 415 */
                415: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/files/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get file
         * @description One of the caller's media items (an upload or generated media).
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 404 `not_found`: no such resource, or it is not the caller's
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/files/$ID" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The item */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["MediaItem"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        /**
         * Delete upload
         * @description Delete an upload (generated media go with their session: 409).
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 404 `not_found`: no such resource, or it is not the caller's
         *     - 409 `conflict`: generated media are deleted with their session
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X DELETE "http://localhost:8787/api/v1/files/$ID" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        delete: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Deleted */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: {
                                /** Format: uuid */
                                id: string;
                                /** @enum {boolean} */
                                deleted: true;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 409 */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/media/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download media
         * @description A media item's bytes: the owner with a token, or anyone with its signed URL; ranges for seeking. Everyone else gets 404, with or without a token: no valid signature, another user's item, and a bad, expired or under-scoped token (or a plan without `ai`) alike. Every answer carries `Content-Security-Policy: sandbox; default-src 'none'` and `X-Content-Type-Options: nosniff`; images, video, audio and text are `Content-Disposition: inline` with a file name, anything else (PDFs) `attachment`. No rate limit: a `<video>` sends bursts of ranges.
         *
         *     Answers 206 for `Range`, 304 for `If-None-Match`.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: `id`, `exp` or `sig` is malformed
         *     - 404 `not_found`: no valid signature and not the owner's token: no token, a bad, expired or under-scoped one, or one without the `ai` entitlement (the same for existing and unknown ids)
         *     - 416 `range_not_satisfiable`: the `Range` is outside the file
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/media/$ID?exp=1767229200&sig=..." -H "Range: bytes=0-1023"
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    /** @description Expiry of a signed URL (Unix seconds) */
                    exp?: string;
                    /** @description HMAC-SHA256 signature of a signed URL */
                    sig?: string;
                };
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The whole file */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "*/*": string;
                    };
                };
                /** @description One byte range (`Content-Range`) */
                206: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "*/*": string;
                    };
                };
                /** @description Not modified (`If-None-Match`) */
                304: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 404 */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 416 */
                416: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status page
         * @description Status page (HTML).
         *
         *     HTML for people: services with 90 days of uptime, open incidents, maintenance.
         *
         *     **Errors**: none; this operation cannot fail for a caller.
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/status"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The status page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description Not modified: `If-None-Match` (ETag list or `*`) or `If-Modified-Since` matched */
                304: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status/feed.atom": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Incident feed (Atom)
         * @description Atom feed of incident updates.
         *
         *     **Errors**: none; this operation cannot fail for a caller.
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/status/feed.atom"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Feed */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/atom+xml": string;
                    };
                };
                /** @description Not modified: `If-None-Match` (ETag list or `*`) or `If-Modified-Since` matched */
                304: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/status/badge.svg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Status badge
         * @description Status badge (SVG).
         *
         *     **Errors**: none; this operation cannot fail for a caller.
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/status/badge.svg"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Badge */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "image/svg+xml": string;
                    };
                };
                /** @description Not modified: `If-None-Match` (ETag list or `*`) or `If-Modified-Since` matched */
                304: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/summary.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Statuspage summary
         * @description Atlassian Statuspage v2 compatible summary.
         *
         *     **Errors**: none; this operation cannot fail for a caller.
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v2/summary.json"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Summary */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
                /** @description Not modified: `If-None-Match` (ETag list or `*`) or `If-Modified-Since` matched */
                304: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/status.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Statuspage status
         * @description Atlassian Statuspage v2 compatible status.
         *
         *     **Errors**: none; this operation cannot fail for a caller.
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v2/status.json"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Status */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": string;
                    };
                };
                /** @description Not modified: `If-None-Match` (ETag list or `*`) or `If-Modified-Since` matched */
                304: {
                    headers: {
                        /** @description public, max-age=30, stale-while-revalidate=300 */
                        "Cache-Control"?: string;
                        /** @description SHA-1 of the body, quoted */
                        ETag?: string;
                        /** @description When the projection last changed this body */
                        "Last-Modified"?: string;
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/openid-configuration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * OpenID configuration
         * @description OpenID-style discovery document.
         *
         *     Public; `Cache-Control: public, max-age=3600`, `Access-Control-Allow-Origin: *`.
         *
         *     **Errors**: none; this operation cannot fail for a caller.
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/.well-known/openid-configuration"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The discovery document */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OAuthDiscovery"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Authorization server metadata
         * @description OAuth 2.0 authorization server metadata (RFC 8414).
         *
         *     Identical to the OpenID configuration.
         *
         *     **Errors**: none; this operation cannot fail for a caller.
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/.well-known/oauth-authorization-server"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The discovery document */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OAuthDiscovery"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Protected resource metadata
         * @description OAuth 2.0 protected resource metadata of the MCP gateway (RFC 9728).
         *
         *     **Errors**: none; this operation cannot fail for a caller.
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/.well-known/oauth-protected-resource"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The metadata document */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ProtectedResourceMetadata"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/oauth-protected-resource/api/v1/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * MCP resource metadata
         * @description OAuth 2.0 protected resource metadata of the MCP gateway (RFC 9728).
         *
         *     **Errors**: none; this operation cannot fail for a caller.
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/.well-known/oauth-protected-resource/api/v1/mcp"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The metadata document */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ProtectedResourceMetadata"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/connectors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Connector hand-off outcome
         * @description The outcome of a connector's OAuth hand-off (when WEB_APP_URL is empty).
         *
         *     **Errors**
         *
         *     - 400: the page, showing the hand-off's error (or that it was opened by hand)
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/settings/connectors?connector=slack&status=connected"
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    connector?: string;
                    instanceId?: string;
                    status?: "connected" | "error";
                    error?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Connected */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
                /** @description The hand-off failed (or the page was opened by hand) */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "text/html": string;
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Token
         * @description Exchange an authorization code or rotate a refresh token. Client authentication: HTTP Basic (confidential clients) or `client_id` in the body (public clients).
         *
         *     Form-encoded. `grant_type=authorization_code` with `code`, `redirect_uri`, `code_verifier`; or `grant_type=refresh_token` with `refresh_token`. Answers `access_token` (JWT, `expires_in` 3600), `token_type` `Bearer`, a new `refresh_token` and `scope`. Errors use OAuth's shape `{ error, error_description }`.
         *
         *     **Errors**
         *
         *     - 400 `invalid_request`: a required parameter is missing, repeated, or `code_verifier` is malformed
         *     - 400 `invalid_grant`: the code or refresh token is invalid, expired, used or another client's; `redirect_uri` differs; PKCE failed. A reused refresh token revokes its family
         *     - 400 `unsupported_grant_type`: `grant_type` is neither `authorization_code` nor `refresh_token`
         *     - 400 `invalid_target`: `resource` is not this server's API or MCP gateway
         *     - 400 `invalid_scope`: a refresh asks for more than was granted
         *     - 401 `invalid_client`: client authentication failed (`WWW-Authenticate: Basic`)
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests a minute (`Retry-After`)
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/oauth/token" \
         *       -u "$CLIENT_ID:$CLIENT_SECRET" \
         *       --data-urlencode "grant_type=authorization_code" \
         *       --data-urlencode "code=$CODE" \
         *       --data-urlencode "redirect_uri=https://app.example.com/callback" \
         *       --data-urlencode "code_verifier=$VERIFIER"
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-www-form-urlencoded": components["schemas"]["OAuthTokenRequest"];
                };
            };
            responses: {
                /** @description Tokens (`Cache-Control: no-store`) */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OAuthTokenResponse"];
                    };
                };
                /** @description invalid_request, invalid_grant, invalid_scope, invalid_target (RFC 8707), unsupported_grant_type */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OAuthError"];
                    };
                };
                /** @description invalid_client (with `WWW-Authenticate: Basic`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OAuthError"];
                    };
                };
                /** @description `RATE_LIMIT_EXCEEDED` (over 120 requests in 60 s), with `RateLimit-*` and `Retry-After`; every answer carries `RateLimit-*` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OAuthError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/oauth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke token
         * @description Revoke an access token, or a refresh token and its whole family (RFC 7009).
         *
         *     Always 200 for a well-formed request, even for an unknown token.
         *
         *     **Errors**
         *
         *     - 400 `invalid_request`: `token` is missing
         *     - 401 `invalid_client`: client authentication failed (`WWW-Authenticate: Basic`)
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests a minute (`Retry-After`)
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/oauth/revoke" \
         *       -u "$CLIENT_ID:$CLIENT_SECRET" \
         *       --data-urlencode "token=$REFRESH_TOKEN" --data-urlencode "token_type_hint=refresh_token"
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/x-www-form-urlencoded": components["schemas"]["OAuthRevokeRequest"];
                };
            };
            responses: {
                /** @description Always, even for unknown or foreign tokens */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description invalid_request */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OAuthError"];
                    };
                };
                /** @description invalid_client (with `WWW-Authenticate: Basic`) */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OAuthError"];
                    };
                };
                /** @description `RATE_LIMIT_EXCEEDED` (over 120 requests in 60 s), with `RateLimit-*` and `Retry-After`; every answer carries `RateLimit-*` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OAuthError"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/oauth/userinfo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * User info
         * @description Claims about the user, as far as the access token's scopes release them.
         *
         *     `sub` always; `email`, `email_verified` with `email:read`; `name`, `preferred_username` with `profile:read`.
         *
         *     **Errors**
         *
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/oauth/userinfo" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The user's claims */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OAuthUserInfo"];
                    };
                };
                /** @description invalid_token: `WWW-Authenticate: Bearer` without a token, `Bearer error="invalid_token"` with a bad, expired or revoked one */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OAuthError"];
                    };
                };
                /** @description `RATE_LIMIT_EXCEEDED` (over 120 requests in 60 s), with `RateLimit-*` and `Retry-After`; every answer carries `RateLimit-*` */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["OAuthError"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ai/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sessions
         * @description The caller's conversations, newest first.
         *
         *     Cursor pagination: pass `meta.nextCursor` as `cursor` until `hasNextPage` is false.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl "http://localhost:8787/api/v1/ai/sessions" \
         *       -H "Authorization: Bearer $TOKEN"
         *     ```
         */
        get: {
            parameters: {
                query?: {
                    limit?: number;
                    cursor?: string;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description One page */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["AiSession"][];
                            meta: {
                                limit: number;
                                hasNextPage: boolean;
                                nextCursor: string | null;
                                requestId: string;
                                durationMs: number;
                            };
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        put?: never;
        /**
         * Create session
         * @description Create a conversation.
         *
         *     **Errors**
         *
         *     - 400 `bad_request`: a field is invalid; `details.fields[]` names each one (`field`, `message`)
         *     - 401 `unauthorized`: the access token is missing, invalid, expired or revoked (`WWW-Authenticate: Bearer`)
         *     - 403 `forbidden`: the plan lacks the `ai` entitlement, an OAuth token lacks `execution:run`, or `X-Workspace-Id` names a workspace the caller is not a member of
         *     - 429 `RATE_LIMIT_EXCEEDED`: more than 120 requests in a minute per user (the default limit); `Retry-After` says when to try again
         *
         *     **Example**
         *
         *     ```bash
         *     curl -X POST "http://localhost:8787/api/v1/ai/sessions" \
         *       -H "Authorization: Bearer $TOKEN" \
         *       -H "Content-Type: application/json" \
         *       -d '{"title":"Trip planning","effortMode":"basic"}'
         *     ```
         */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["CreateAiSessionRequest"];
                };
            };
            responses: {
                /** @description Created */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            data: components["schemas"]["AiSession"];
                        };
                    };
                };
                /** @description Error 400 */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 401 */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 403 */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
                /** @description Error 429 */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["Error"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AuthResult: {
            user: components["schemas"]["User"];
            accessToken: string;
            refreshToken: string;
            expiresIn: number;
        };
        User: {
            /** Format: uuid */
            id: string;
            email: string;
            emailVerified: boolean;
            name: string | null;
            username: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        Error: {
            error: {
                /** @enum {string} */
                code: "bad_request" | "invalid_token" | "unauthorized" | "invalid_credentials" | "spend_cap_reached" | "forbidden" | "connector_tool_approval_required" | "not_found" | "NOT_FOUND" | "method_not_allowed" | "conflict" | "CONNECTOR_ERROR" | "payload_too_large" | "unsupported_media_type" | "range_not_satisfiable" | "unprocessable_entity" | "RATE_LIMIT_EXCEEDED" | "internal_error" | "CONNECTION_FAILED" | "billing_unavailable";
                message: string;
                details?: {
                    [key: string]: unknown;
                };
            };
            meta: {
                requestId: string;
                durationMs?: number;
            };
        };
        /**
         * @example {
         *       "email": "ada@example.com",
         *       "password": "a-long-password",
         *       "name": "Ada Lovelace",
         *       "username": "ada"
         *     }
         */
        RegisterRequest: {
            /** Format: email */
            email: string;
            password: string;
            name?: string;
            username?: string;
        };
        /**
         * @example {
         *       "email": "ada@example.com",
         *       "password": "a-long-password"
         *     }
         */
        LoginRequest: {
            /** Format: email */
            email: string;
            password: string;
        };
        /**
         * @example {
         *       "refreshToken": "rt_3q2x…"
         *     }
         */
        RefreshTokenRequest: {
            refreshToken: string;
        };
        Me: {
            user: components["schemas"]["User"];
            workspaces: {
                /** Format: uuid */
                id: string;
                name: string;
                /** @enum {string} */
                kind: "personal" | "business";
                /** @enum {string} */
                role: "owner" | "admin" | "member";
            }[];
            /** @enum {string} */
            plan: "free" | "pro" | "business";
            entitlements: string[];
        };
        /**
         * @example {
         *       "email": "ada@example.com"
         *     }
         */
        EmailRequest: {
            /** Format: email */
            email: string;
        };
        UserResult: {
            user: components["schemas"]["User"];
        };
        /**
         * @example {
         *       "token": "ect_N2f…"
         *     }
         */
        ConfirmEmailRequest: {
            token: string;
        };
        ResetToken: {
            resetToken: string;
            expiresIn: number;
        };
        /**
         * @example {
         *       "email": "ada@example.com",
         *       "code": "042917"
         *     }
         */
        ExchangeRecoveryCodeRequest: {
            /** Format: email */
            email: string;
            code: string;
        };
        /**
         * @example {
         *       "resetToken": "prt_8Kd…",
         *       "password": "a-new-long-password"
         *     }
         */
        ResetPasswordRequest: {
            resetToken: string;
            password: string;
        };
        UsernameAvailability: {
            username: string;
            available: boolean;
        };
        /**
         * @example {
         *       "username": "ada_l"
         *     }
         */
        ClaimUsernameRequest: {
            username: string;
        };
        /**
         * @example {
         *       "email": "ada@new.example.com",
         *       "password": "a-long-password"
         *     }
         */
        ChangeEmailRequest: {
            /** Format: email */
            email: string;
            password: string;
        };
        /**
         * @example {
         *       "currentPassword": "a-long-password",
         *       "password": "a-new-long-password"
         *     }
         */
        ChangePasswordRequest: {
            currentPassword: string;
            password: string;
        };
        CheckoutSession: {
            checkoutUrl: string;
            sessionId: string;
        };
        /**
         * @example {
         *       "plan": "pro",
         *       "successUrl": "https://app.example.com/billing/success",
         *       "cancelUrl": "https://app.example.com/billing/cancel"
         *     }
         */
        CheckoutRequest: {
            /** @enum {string} */
            plan: "pro" | "business";
            /** Format: uri */
            successUrl?: string;
            /** Format: uri */
            cancelUrl?: string;
        };
        /**
         * @example {
         *       "amountUsd": 20,
         *       "successUrl": "https://app.example.com/wallet/paid",
         *       "cancelUrl": "https://app.example.com/wallet"
         *     }
         */
        TopUpRequest: {
            amountUsd: number;
            /** Format: uri */
            successUrl?: string;
            /** Format: uri */
            cancelUrl?: string;
        };
        WebhookReceipt: {
            /** @enum {boolean} */
            received: true;
            duplicate: boolean;
        };
        Workspace: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            kind: "personal" | "business";
            /** @enum {string} */
            role: "owner" | "admin" | "member";
            /** Format: date-time */
            createdAt: string;
        };
        /**
         * @example {
         *       "name": "Acme Research"
         *     }
         */
        CreateWorkspaceRequest: {
            name: string;
        };
        Membership: {
            /** Format: uuid */
            workspaceId: string;
            /** Format: uuid */
            userId: string;
            email: string;
            /** @enum {string} */
            role: "owner" | "admin" | "member";
            /** Format: date-time */
            createdAt: string;
        };
        /**
         * @example {
         *       "email": "grace@example.com",
         *       "role": "member"
         *     }
         */
        AddMemberRequest: {
            /** Format: email */
            email: string;
            /** @enum {string} */
            role: "admin" | "member";
        };
        /**
         * @example {
         *       "email": "grace@example.com",
         *       "password": "a-long-password",
         *       "name": "Grace Hopper",
         *       "plan": "pro"
         *     }
         */
        AdminCreateUserRequest: {
            /** Format: email */
            email: string;
            password: string;
            name?: string;
            username?: string;
            /** @enum {string} */
            plan?: "free" | "pro" | "business";
        };
        PartnerKey: {
            /** Format: uuid */
            id: string;
            name: string;
            key: string;
            scopes: string[];
            /** Format: date-time */
            createdAt: string;
        };
        /**
         * @example {
         *       "name": "Acme",
         *       "scopes": [
         *         "partner:oauth-client-admin"
         *       ]
         *     }
         */
        CreatePartnerKeyRequest: {
            name: string;
            scopes: "partner:oauth-client-admin"[];
        };
        Account: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            plan: "free" | "pro" | "business";
            entitlements: string[];
            aiDailyAllowance: number | null;
            /** Format: date-time */
            createdAt: string;
        };
        /**
         * @example {
         *       "plan": "business",
         *       "entitlements": [
         *         "ai",
         *         "connectors"
         *       ]
         *     }
         */
        UpdateAccountRequest: {
            /** @enum {string} */
            plan?: "free" | "pro" | "business";
            entitlements?: string[];
            aiDailyAllowance?: number | null;
        };
        Notification: {
            /** Format: uuid */
            id: string;
            title: string;
            body: string;
            /** @description Icon identifier */
            icon: string | null;
            /** @description Deep link */
            actionUrl: string | null;
            /** @example productivity */
            category: string;
            /** @enum {string} */
            priority: "low" | "normal" | "high";
            /** @enum {string} */
            status: "unread" | "read" | "archived";
            /** Format: date-time */
            readAt: string | null;
            /** Format: date-time */
            expiresAt: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        /**
         * @example {
         *       "userId": "7d0b8f8e-2f7a-4c8e-9a51-0c3c5e4b9f10",
         *       "title": "Your weekly summary is ready",
         *       "body": "You ran 12 AI sessions this week.",
         *       "icon": "chart",
         *       "actionUrl": "/usage",
         *       "category": "productivity",
         *       "priority": "low"
         *     }
         */
        CreateNotificationRequest: {
            title: string;
            body: string;
            icon?: string | null;
            actionUrl?: string | null;
            /** @default system */
            category?: string;
            /**
             * @default normal
             * @enum {string}
             */
            priority?: "low" | "normal" | "high";
            /** Format: date-time */
            expiresAt?: string | null;
            /** Format: uuid */
            userId: string;
        };
        StatusService: {
            /** Format: uuid */
            id: string;
            slug: string;
            name: string;
            description: string;
            /** @enum {string} */
            current_status: "operational" | "degraded_performance" | "partial_outage" | "major_outage" | "maintenance";
            /** @enum {string} */
            indicator: "none" | "minor" | "major" | "critical" | "maintenance";
            payload: {
                slug: string;
                /** @enum {string} */
                status: "operational" | "degraded_performance" | "partial_outage" | "major_outage" | "maintenance";
                openIncidents: number;
                activeMaintenance: boolean;
            };
            sort_order: number;
            is_public: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /**
         * @example {
         *       "slug": "api",
         *       "name": "API",
         *       "description": "The public REST API",
         *       "sortOrder": 10,
         *       "isPublic": true
         *     }
         */
        CreateStatusService: {
            slug: string;
            name: string;
            /** @default  */
            description?: string;
            /** @default 0 */
            sortOrder?: number;
            /** @default true */
            isPublic?: boolean;
        };
        /**
         * @example {
         *       "name": "Public API",
         *       "sortOrder": 5
         *     }
         */
        UpdateStatusService: {
            slug?: string;
            name?: string;
            description?: string;
            sortOrder?: number;
            isPublic?: boolean;
        };
        StatusComponent: {
            /** Format: uuid */
            id: string;
            slug: string;
            name: string;
            /** @enum {string} */
            current_status: "operational" | "degraded_performance" | "partial_outage" | "major_outage" | "maintenance";
            /** @enum {string} */
            indicator: "none" | "minor" | "major" | "critical" | "maintenance";
            /** Format: uuid */
            service_id: string;
        };
        /**
         * @example {
         *       "slug": "api-auth",
         *       "name": "Authentication",
         *       "serviceSlug": "api",
         *       "status": "operational"
         *     }
         */
        CreateStatusComponent: {
            slug: string;
            name: string;
            serviceSlug: string;
            /**
             * @default operational
             * @enum {string}
             */
            status?: "operational" | "degraded_performance" | "partial_outage" | "major_outage" | "maintenance";
        };
        /**
         * @example {
         *       "status": "degraded_performance"
         *     }
         */
        UpdateStatusComponent: {
            slug?: string;
            name?: string;
            serviceSlug?: string;
            /** @enum {string} */
            status?: "operational" | "degraded_performance" | "partial_outage" | "major_outage" | "maintenance";
        };
        StatusIncident: {
            /** Format: uuid */
            id: string;
            slug: string;
            title: string;
            /** @enum {string} */
            status: "investigating" | "identified" | "monitoring" | "resolved" | "postmortem_ready";
            /** @enum {string} */
            impact: "minor" | "partial" | "major";
            severity: string | null;
            description: string;
            /** Format: date-time */
            started_at: string;
            /** Format: date-time */
            resolved_at: string | null;
            service_slugs: string[];
            /** @description Oldest first */
            updates: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                status: "investigating" | "identified" | "monitoring" | "resolved" | "postmortem_ready";
                message: string;
                author_name: string;
                /** Format: date-time */
                created_at: string;
            }[];
        };
        /**
         * @example {
         *       "title": "Elevated error rates",
         *       "impact": "major",
         *       "description": "Some requests fail with 5xx.",
         *       "serviceSlugs": [
         *         "api"
         *       ],
         *       "status": "investigating"
         *     }
         */
        CreateStatusIncident: {
            title: string;
            /** @enum {string} */
            impact: "minor" | "partial" | "major";
            severity?: string | null;
            description: string;
            serviceSlugs: string[];
            /**
             * @default investigating
             * @enum {string}
             */
            status?: "investigating" | "identified" | "monitoring" | "resolved" | "postmortem_ready";
            /** Format: date-time */
            startedAt?: string;
            /** Format: date-time */
            resolvedAt?: string;
        };
        /**
         * @example {
         *       "status": "monitoring"
         *     }
         */
        UpdateStatusIncident: {
            title?: string;
            /** @enum {string} */
            impact?: "minor" | "partial" | "major";
            severity?: string | null;
            description?: string;
            serviceSlugs?: string[];
            /** @enum {string} */
            status?: "investigating" | "identified" | "monitoring" | "resolved" | "postmortem_ready";
            /** Format: date-time */
            startedAt?: string;
            /** Format: date-time */
            resolvedAt?: string;
        };
        /**
         * @example {
         *       "status": "identified",
         *       "message": "A bad deploy; rolling back.",
         *       "authorName": "Platform team"
         *     }
         */
        CreateStatusIncidentUpdate: {
            /** @enum {string} */
            status: "investigating" | "identified" | "monitoring" | "resolved" | "postmortem_ready";
            message: string;
            authorName: string;
        };
        StatusMaintenance: {
            /** Format: uuid */
            id: string;
            slug: string;
            title: string;
            /** @enum {string} */
            status: "scheduled" | "in_progress" | "completed" | "cancelled";
            /** Format: date-time */
            starts_at: string;
            /** Format: date-time */
            ends_at: string;
            /** Format: uuid */
            service_id: string;
        };
        /**
         * @example {
         *       "title": "Database engine upgrade",
         *       "serviceSlug": "api",
         *       "startsAt": "2026-12-01T02:00:00Z",
         *       "endsAt": "2026-12-01T04:00:00Z",
         *       "status": "scheduled"
         *     }
         */
        CreateStatusMaintenance: {
            title: string;
            serviceSlug: string;
            /** Format: date-time */
            startsAt: string;
            /** Format: date-time */
            endsAt: string;
            /**
             * @default scheduled
             * @enum {string}
             */
            status?: "scheduled" | "in_progress" | "completed" | "cancelled";
        };
        /**
         * @example {
         *       "status": "in_progress"
         *     }
         */
        UpdateStatusMaintenance: {
            title?: string;
            serviceSlug?: string;
            /** Format: date-time */
            startsAt?: string;
            /** Format: date-time */
            endsAt?: string;
            /** @enum {string} */
            status?: "scheduled" | "in_progress" | "completed" | "cancelled";
        };
        OutboxMessage: {
            /** Format: uuid */
            id: string;
            to: string;
            subject: string;
            body: string;
            /** Format: date-time */
            createdAt: string;
        };
        WalletEntry: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: "topup" | "usage" | "adjustment";
            amountUsd: number;
            balanceAfterUsd: number;
            /** @description The top-up id, the assistant message id of an AI run, or the operator's reference */
            reference: string | null;
            description: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        /**
         * @example {
         *       "amountUsd": 5,
         *       "reason": "Refund for a failed run",
         *       "reference": "ticket-1234"
         *     }
         */
        WalletAdjustmentRequest: {
            amountUsd: number;
            reason: string;
            reference?: string;
        };
        UnreadCount: {
            count: number;
        };
        NotificationReadResult: {
            /** @enum {string} */
            status: "read";
        };
        NotificationsAllReadResult: {
            /** @enum {string} */
            status: "all_read";
        };
        NotificationArchiveResult: {
            /** @enum {string} */
            status: "archived";
        };
        StatusSummary: {
            headline: string;
            /** @enum {string} */
            status: "operational" | "degraded_performance" | "partial_outage" | "major_outage" | "maintenance";
            /** @enum {string} */
            indicator: "none" | "minor" | "major" | "critical" | "maintenance";
            /**
             * Format: date-time
             * @description Latest change to any status record
             */
            updatedAt: string;
            /**
             * Format: date-time
             * @description When this projection was computed
             */
            lastCheckedAt: string;
            services: {
                slug: string;
                name: string;
                /** @enum {string} */
                status: "operational" | "degraded_performance" | "partial_outage" | "major_outage" | "maintenance";
                /** @enum {string} */
                indicator: "none" | "minor" | "major" | "critical" | "maintenance";
                openIncidents: number;
                activeMaintenance: boolean;
                uptime: {
                    "24h": number;
                    "7d": number;
                    "30d": number;
                    "90d": number;
                    "1y": number;
                };
            }[];
            /** @description Open incidents */
            incidents: components["schemas"]["StatusIncident"][];
            /** @description Upcoming and active windows */
            maintenance: components["schemas"]["StatusMaintenance"][];
        };
        StatusServiceDetail: {
            service: components["schemas"]["StatusService"];
            components: components["schemas"]["StatusComponent"][];
            /** @description The service's most recent incidents, newest first */
            incidents: components["schemas"]["StatusIncident"][];
            maintenance: components["schemas"]["StatusMaintenance"][];
            uptime: {
                "24h": components["schemas"]["StatusUptimeRollup"];
                "7d": components["schemas"]["StatusUptimeRollup"];
                "30d": components["schemas"]["StatusUptimeRollup"];
                "90d": components["schemas"]["StatusUptimeRollup"];
                "1y": components["schemas"]["StatusUptimeRollup"];
            };
        };
        StatusUptimeRollup: {
            /** @enum {string} */
            window: "24h" | "7d" | "30d" | "90d" | "1y";
            /** @enum {string} */
            scopeType: "platform" | "service";
            scopeKey: string;
            uptimePercent: number;
            downtimeMinutes: number;
            incidentCount: number;
            /** Format: date-time */
            computedAt: string;
            dailyHistory: {
                date: string;
                uptimePercent: number;
            }[];
        };
        StatusSnapshot: {
            snapshotDate: string;
            /** @enum {string} */
            status: "operational" | "degraded_performance" | "partial_outage" | "major_outage" | "maintenance";
            /** @enum {string} */
            indicator: "none" | "minor" | "major" | "critical" | "maintenance";
            headline: string;
            services: {
                slug: string;
                name: string;
                /** @enum {string} */
                status: "operational" | "degraded_performance" | "partial_outage" | "major_outage" | "maintenance";
                /** @enum {string} */
                indicator: "none" | "minor" | "major" | "critical" | "maintenance";
                openIncidents: number;
                activeMaintenance: boolean;
                uptime: {
                    "24h": number;
                    "7d": number;
                    "30d": number;
                    "90d": number;
                    "1y": number;
                };
            }[];
            incidents: components["schemas"]["StatusIncident"][];
            maintenance: components["schemas"]["StatusMaintenance"][];
        };
        AiSession: {
            /** Format: uuid */
            id: string;
            title: string | null;
            /** Format: uuid */
            personaId: string | null;
            /** @enum {string} */
            effortMode: "basic" | "thinking" | "pro";
            /** Format: date-time */
            createdAt: string;
        };
        Persona: {
            /** Format: uuid */
            id: string;
            name: string;
            instructions: string;
            /** Format: date-time */
            createdAt: string;
        };
        /**
         * @example {
         *       "name": "Travel agent",
         *       "instructions": "Answer as a concise travel agent."
         *     }
         */
        CreatePersonaRequest: {
            name: string;
            instructions: string;
        };
        AiModel: {
            /** Format: uuid */
            id: string;
            key: string;
            displayName: string;
            providerKey: string;
            capabilities: string[];
        };
        AiCapability: {
            /** @enum {string} */
            key: "ai.search.web" | "ai.research.deep" | "ai.image.generate" | "ai.video.generate" | "ai.audio.generate";
            available: boolean;
            /** @description The provider a request uses (null: none configured) */
            provider: string | null;
            /** @description Every configured provider */
            providers: string[];
            /** @description Each parameter's JSON Schema (type, range, values); where providers accept fewer values than the range (video `duration`, `aspectRatio`, `resolution`, `size`), `providerValues` lists those of each configured provider */
            parameters: {
                [key: string]: {
                    [key: string]: unknown;
                };
            };
        };
        AiMemory: {
            /** Format: uuid */
            id: string;
            content: string;
            /** Format: date-time */
            createdAt: string;
        };
        /**
         * @example {
         *       "content": "I prefer metric units"
         *     }
         */
        CreateAiMemory: {
            content: string;
        };
        Message: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            role: "user" | "assistant";
            content: string | null;
            /** @enum {string} */
            status?: "running" | "completed" | "stopped" | "failed";
            suggestions: components["schemas"]["Suggestion"][];
            /** Format: uuid */
            runId: string | null;
            toolCalls: components["schemas"]["ToolCall"][] | null;
            modelId: string | null;
            modelName: string | null;
            providerKey: string | null;
            tokensUsed?: number;
            /** @description User messages: the memories it was sent with */
            memoryIds?: string[];
            /** @description User messages: the attachments it was sent with */
            attachmentIds?: string[];
            /** @description User messages: the blocks it was sent with, as sent */
            structuredBlocks?: components["schemas"]["StructuredBlock"][];
            /** Format: date-time */
            createdAt: string;
        };
        Suggestion: {
            suggestion: string;
            priority: number;
        };
        ToolCall: {
            id: string;
            toolKey: string;
            input: {
                [key: string]: unknown;
            };
            /** @enum {string} */
            status: "pending" | "executing" | "completed" | "failed" | "degraded" | "rejected" | "skipped";
            output: {
                [key: string]: unknown;
            } | null;
            error: string | null;
            executionMs: number | null;
        };
        StructuredBlock: Record<string, never>;
        SendMessageResult: {
            /** Format: uuid */
            sessionId: string;
            userMessage: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                role: "user";
                content: string;
                /** Format: date-time */
                createdAt: string;
            };
            assistantMessage: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                role: "assistant";
                content: string;
                suggestions: components["schemas"]["Suggestion"][];
                /** Format: date-time */
                createdAt: string;
            };
            run: {
                /** Format: uuid */
                id: string;
                status: string;
            };
        };
        /**
         * @description Capability parameters may also be sent at top level (nested `parameters` win); a top-level `model` or `provider` is the selected capability's parameter when its table has that name. Unknown fields are rejected.
         * @example {
         *       "content": "Find three quiet beaches near Lisbon",
         *       "capabilityKey": "ai.search.web",
         *       "parameters": {
         *         "maxResults": 5
         *       }
         *     }
         */
        SendMessageRequest: {
            content: string;
            /** @description Active model key for this message; when `capabilityKey`'s parameters include `model`, the capability's `model` parameter instead */
            model?: string;
            /** @enum {string} */
            effortMode?: "basic" | "thinking" | "pro";
            /** @description Lowercase provider key for this message; when `capabilityKey`'s parameters include `provider`, the capability's `provider` parameter instead */
            provider?: string;
            /** @enum {string} */
            capabilityKey?: "ai.search.web" | "ai.research.deep" | "ai.image.generate" | "ai.video.generate" | "ai.audio.generate";
            attachmentIds?: string[];
            memoryIds?: string[];
            idempotencyKey?: string;
            parameters?: {
                [key: string]: unknown;
            };
            /** @description Mentions of connector instances and media items; media blocks count with `attachmentIds` (at most 10 together, `attachmentIds` first) */
            structuredBlocks?: components["schemas"]["StructuredBlock"][];
        } & {
            [key: string]: unknown;
        };
        /**
         * @example {
         *       "idempotencyKey": "retry-2026-11-22-1"
         *     }
         */
        RetryRequest: {
            idempotencyKey: string;
        };
        SelectionResult: {
            /** Format: uuid */
            activeMessageId: string;
            selectedMessage: components["schemas"]["Message"];
        };
        StopResult: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: "stopped";
            content: string;
            /** Format: date-time */
            stoppedAt: string;
        };
        AiRun: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: "queued" | "running" | "completed" | "stopped" | "failed";
            /** Format: uuid */
            sessionId: string;
            /** Format: uuid */
            messageId: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            endedAt: string | null;
        };
        AiRequestAllowance: {
            limit: number;
            remaining: number;
            /** Format: date-time */
            resetsAt: string;
            /** @enum {string} */
            scope: "account";
        };
        AiSessionUsage: {
            /** Format: uuid */
            sessionId: string;
            totalInputTokens: number;
            totalOutputTokens: number;
            totalTokens: number;
            runCount: number;
            /** @description Units beside tokens: `search.<provider>` queries, `page.read` pages read, `image.<provider>...` images, `video.<provider>.seconds` and `audio.<provider>...` generated */
            costUnits: {
                [key: string]: number;
            };
            /** @description Every part (model tokens and cost units) priced and summed, rounded once to 1e-6 USD; the wallet debits the same pricing run by run. Null when a part has no price. */
            estimatedCostUsd: number | null;
            /** @description The parts without a price (`tokens.<modelId>` for a model's tokens, else the unit's name): they make `estimatedCostUsd` null and cost nothing in the wallet's debits */
            unpricedUnits: string[];
        };
        OAuthClient: {
            /** Format: uuid */
            clientId: string;
            /** @description Confidential clients only; shown once */
            clientSecret?: string;
            clientName: string;
            /** @enum {string} */
            clientType: "confidential" | "public";
            redirectUris: string[];
            grantTypes: ("authorization_code" | "refresh_token")[];
            allowedScopes: ("email:read" | "profile:read" | "execution:run" | "wallet:read" | "ai:capabilities")[];
            /** @enum {string} */
            tokenEndpointAuthMethod: "client_secret_basic" | "none";
            /** Format: date-time */
            createdAt: string;
        };
        /**
         * @example {
         *       "clientName": "Acme Planner",
         *       "clientType": "confidential",
         *       "redirectUris": [
         *         "https://acme.example.com/callback"
         *       ],
         *       "grantTypes": [
         *         "authorization_code",
         *         "refresh_token"
         *       ],
         *       "allowedScopes": [
         *         "email:read",
         *         "profile:read",
         *         "execution:run"
         *       ]
         *     }
         */
        CreateOAuthClientRequest: {
            clientName: string;
            /**
             * @default confidential
             * @enum {string}
             */
            clientType?: "confidential" | "public";
            redirectUris: string[];
            grantTypes: ("authorization_code" | "refresh_token")[];
            allowedScopes: ("email:read" | "profile:read" | "execution:run" | "wallet:read" | "ai:capabilities")[];
        };
        ConnectorInstance: {
            id: string;
            connectorKey: string;
            displayName: string;
            /** @enum {string} */
            status: "pending_auth" | "active" | "error" | "inactive";
            enabled: boolean;
            /** @enum {string} */
            scope: "personal" | "team";
            workspaceId: string | null;
            availableInWorkspaceId: string;
            ownership: {
                ownerUserId: string | null;
                ownerWorkspaceId: string | null;
            };
            permissions: {
                canRead: boolean;
                canManage: boolean;
                canExecute: boolean;
            };
            /** @enum {string} */
            authorizationState: "connected" | "authorization_required" | "unavailable" | "permission_restricted";
            provider: {
                key: string;
                displayName: string;
                description: string;
                category: string;
                authType: string;
                iconUrl: string | null;
                version: string;
            } | null;
            config: {
                [key: string]: unknown;
            };
            /** Format: date-time */
            lastHealthCheck: string | null;
            healthMessage: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        ConnectorOAuthInitiate: {
            /** Format: uri */
            redirectUrl: string;
            state: string;
        };
        ConnectorTool: {
            id: string;
            connectorKey: string;
            toolKey: string;
            displayName: string;
            description: string | null;
            inputSchema: {
                [key: string]: unknown;
            };
            outputSchema: {
                [key: string]: unknown;
            };
            requiresApproval: boolean;
            rateLimitRpm: number | null;
            isActive: boolean;
            /** @enum {string} */
            source: "auto_discovered" | "manual";
        };
        ConnectorExecution: {
            id: string;
            instanceId: string;
            toolId: string;
            toolKey: string;
            /** @enum {string} */
            status: "success" | "error";
            actorId: string;
            /** @enum {string} */
            actorType: "user" | "agent";
            runId: string | null;
            durationMs: number;
            httpStatus: number | null;
            errorMessage: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        ConnectorDefinition: {
            key: string;
            displayName: string;
            description: string;
            category: string;
            authType: string;
            configSchema: {
                [key: string]: unknown;
            };
            isSystem: boolean;
            isActive: boolean;
            version: string;
            supportedFeatures: string[];
            subType: string | null;
            iconUrl: string | null;
        };
        ConnectorConsent: {
            clientId: string;
            clientName: string;
            toolKeys: string[];
            workspaceId: string;
            /** @enum {string} */
            audience: "owner" | "workspace";
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        /** @description One JSON-RPC 2.0 message */
        JsonRpcMessage: {
            [key: string]: unknown;
        };
        /**
         * @example {
         *       "balanceUsd": 19.876543,
         *       "currency": "USD",
         *       "updatedAt": "2026-01-05T10:00:00.000Z",
         *       "monthlyCapUsd": 25,
         *       "monthSpentUsd": 3.41
         *     }
         */
        Wallet: {
            balanceUsd: number;
            /** @enum {string} */
            currency: "USD";
            /** Format: date-time */
            updatedAt: string;
            /** @description The monthly spend cap (USD); null: no cap. Priced AI runs are refused (402 `spend_cap_reached`) once the month's spend reaches it. */
            monthlyCapUsd: number | null;
            /** @description This calendar month's AI spend (UTC): minus the sum of the month's `usage` entries */
            monthSpentUsd: number;
        };
        /**
         * @example {
         *       "monthlyCapUsd": 25
         *     }
         */
        WalletSpendCapRequest: {
            monthlyCapUsd: number | null;
        };
        MediaItem: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            kind: "image" | "video" | "audio" | "document";
            mimeType: string;
            size: number;
            width?: number;
            height?: number;
            durationSeconds?: number;
            /** Format: uuid */
            sessionId?: string;
            /** @enum {string} */
            source: "generated" | "upload";
            /** Format: date-time */
            createdAt: string;
            /** @description Relative URL signed for one hour (`/api/v1/media/:id?exp=&sig=`), signed afresh each time it is served */
            url: string;
        };
        OAuthDiscovery: {
            issuer: string;
            authorization_endpoint: string;
            token_endpoint: string;
            revocation_endpoint: string;
            userinfo_endpoint: string;
            response_types_supported: "code"[];
            grant_types_supported: ("authorization_code" | "refresh_token")[];
            token_endpoint_auth_methods_supported: ("client_secret_basic" | "none")[];
            code_challenge_methods_supported: "S256"[];
            scopes_supported: ("email:read" | "profile:read" | "execution:run" | "wallet:read" | "ai:capabilities")[];
            subject_types_supported: "public"[];
            claims_supported: string[];
            /** @enum {boolean} */
            authorization_response_iss_parameter_supported: true;
            /** @enum {boolean} */
            client_id_metadata_document_supported: true;
        };
        ProtectedResourceMetadata: {
            resource: string;
            authorization_servers: string[];
            scopes_supported: string[];
            bearer_methods_supported: string[];
            resource_name: string;
        };
        OAuthTokenResponse: {
            access_token: string;
            /** @enum {string} */
            token_type: "Bearer";
            expires_in: number;
            /** @description A new refresh token, with every response of both grants */
            refresh_token: string;
            scope: string;
        };
        /** @description RFC 6749 error body (not the API envelope) */
        OAuthError: {
            error: string;
            error_description: string;
        };
        /**
         * @example {
         *       "grant_type": "authorization_code",
         *       "code": "oac_Yp…",
         *       "redirect_uri": "https://acme.example.com/callback",
         *       "code_verifier": "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
         *     }
         */
        OAuthTokenRequest: {
            /** @description `authorization_code` or `refresh_token` */
            grant_type?: string | string[];
            /** @description authorization_code: the code */
            code?: string | string[];
            /** @description authorization_code: the redirect URI of the authorization request */
            redirect_uri?: string | string[];
            /** @description authorization_code: the PKCE verifier */
            code_verifier?: string | string[];
            /** @description refresh_token: the refresh token */
            refresh_token?: string | string[];
            /** @description refresh_token: a narrower scope (optional) */
            scope?: string | string[];
            /** @description RFC 8707, optional, once: the authorization request's resource, or either of this server's when it named none */
            resource?: string | string[];
            /** @description Public clients (no HTTP Basic), metadata-document clients (their URL) among them */
            client_id?: string | string[];
            /** @description Not supported: confidential clients use HTTP Basic */
            client_secret?: string | string[];
        };
        /**
         * @example {
         *       "token": "ort_9s…",
         *       "token_type_hint": "refresh_token"
         *     }
         */
        OAuthRevokeRequest: {
            /** @description An access or refresh token */
            token?: string | string[];
            /** @description `access_token` or `refresh_token` (optional) */
            token_type_hint?: string | string[];
            /** @description Public clients (no HTTP Basic) */
            client_id?: string | string[];
            /** @description Not supported: confidential clients use HTTP Basic */
            client_secret?: string | string[];
        };
        OAuthUserInfo: {
            /** Format: uuid */
            sub: string;
            email?: string;
            email_verified?: boolean;
            name?: string | null;
            preferred_username?: string | null;
        };
        /**
         * @example {
         *       "title": "Trip planning",
         *       "effortMode": "basic"
         *     }
         */
        CreateAiSessionRequest: {
            title?: string;
            /** Format: uuid */
            personaId?: string;
            /** @enum {string} */
            effortMode?: "basic" | "thinking" | "pro";
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
