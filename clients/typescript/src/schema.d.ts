/**
 * Generated from openapi.json by `npm run client` (openapi-typescript). Do not edit by hand:
 * a unit test fails when this file differs from what the current document generates.
 */

export interface paths {
    "/oauth/v2/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue an access token (client credentials, or an employee login code)
         * @description `client_credentials`: partner applications; the client secret goes in the form or as HTTP Basic credentials. Scope resolution: omitted scope grants every allowed scope; otherwise the intersection (empty: invalid_scope). `authorization_code`: the employee console redeems the one-time code of the login with its PKCE verifier and the same redirect_uri, and gets an employee token (1 hour) for the admin API; a code is single-use and lives 60 seconds.
         */
        post: operations["issueToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/jwks.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public keys that verify access tokens
         * @description No token; mutual TLS on the partner API host.
         */
        get: operations["getJwks"];
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
         * Discovery document
         * @description Public: no token.
         */
        get: operations["getOpenidConfiguration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/idp/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start an employee login (authorization endpoint, PKCE S256)
         * @description The console opens this in the browser with a redirect_uri from the whitelist (exact match), a code_challenge, `code_challenge_method=S256` and its state. The service sends the browser to the stage's identity provider with a signed, single-use state (10 minutes). A request it cannot accept is answered with a 400 page, never redirected.
         */
        get: operations["startEmployeeLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/idp/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The identity provider's answer: back to the console with a one-time code
         * @description Verifies the signed state (signature, expiry, single use), redeems the provider code on the server, maps the groups to roles and redirects to `redirect_uri?code=<one-time code>&state=<console state>`. The code lives 60 seconds and is single-use. A login the provider refused goes back with `error=access_denied`; an employee without a role (strict mapping) gets a 403 page. Every attempt past the state check is audited.
         */
        get: operations["completeEmployeeLogin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This API described as OpenAPI 3.1
         * @description No token; mutual TLS.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List accounts
         * @description A partner access token over mutual TLS with the scope `identity.account:*`; counts against the account's plan.
         */
        get: operations["listAccounts"];
        put?: never;
        /**
         * Create a partner account from a CSR
         * @description Signs `csr_pem` with the partner CA; the returned certificate identifies the account on every call.
         */
        post: operations["createAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/accounts/{accountID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an account
         * @description A partner access token over mutual TLS with the scope `identity.account:*`; counts against the account's plan.
         */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/accounts/{accountID}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable an account: none of its applications gets a token any more
         * @description A partner access token over mutual TLS with the scope `identity.account:*`; counts against the account's plan.
         */
        post: operations["disableAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/accounts/{accountID}/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set the account's rate limit plan
         * @description The new numbers apply to requests at once; the `RateLimit-Policy` partners see follows within five minutes (the gateway caches its answer per token). Setting the current plan again re-applies it.
         */
        post: operations["changeAccountPlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/accounts/{accountID}/certificates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's certificates, revoked ones included, newest first
         * @description A partner access token over mutual TLS with the scope `identity.account:*`; counts against the account's plan.
         */
        get: operations["listAccountCertificates"];
        put?: never;
        /**
         * Sign another mTLS client certificate for the account (at most 3 active)
         * @description Signs `csr_pem` with the partner CA, as account creation does, valid 365 days. It works for calls from the commit on; the certificates the account holds keep working until revoked, so a partner rolls over without a gap. A 4th active certificate: 409 CertificateLimitReached.
         */
        post: operations["addAccountCertificate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/accounts/{accountID}/certificates/{serial}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a certificate: calls with it are refused (401) within a minute
         * @description The account's last active certificate may be revoked too: that cuts the account off until it gets a new one. A revoked certificate: 409 CertificateInvalidState; a serial of another account: 404.
         */
        post: operations["revokeAccountCertificate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/accounts/{accountID}/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an account's applications
         * @description A partner access token over mutual TLS with the scope `identity.application:*`; counts against the account's plan.
         */
        get: operations["listApplications"];
        put?: never;
        /**
         * Create an application with client credentials
         * @description The client secret is returned once, in this response; only a keyed hash is stored.
         */
        post: operations["createApplication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/accounts/{accountID}/applications/{clientID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an application
         * @description A partner access token over mutual TLS with the scope `identity.application:*`; counts against the account's plan.
         */
        get: operations["getApplication"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/accounts/{accountID}/applications/{clientID}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable an application: it gets no more tokens, and those it holds are refused within a minute
         * @description A partner access token over mutual TLS with the scope `identity.application:*`; counts against the account's plan.
         */
        post: operations["disableApplication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/accounts/{accountID}/applications/{clientID}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a disabled application: it gets tokens again while its account is active
         * @description Tokens issued before the disable stay refused. Enabling an Active application: 409 ApplicationInvalidState.
         */
        post: operations["enableApplication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/accounts/{accountID}/applications/{clientID}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the client secret (the old one stops working at once, tokens it got within a minute)
         * @description A partner access token over mutual TLS with the scope `identity.application:*`; counts against the account's plan.
         */
        post: operations["rotateApplicationSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a disabled account: its active applications get tokens again
         * @description Enabling an Active account: 409 AccountInvalidState.
         */
        post: operations["enableAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/managers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's managers, in the order they were assigned
         * @description An employee access token with one of the scopes `identity.account:read`, `identity.account:*`.
         */
        get: operations["listAccountManagers"];
        put?: never;
        /**
         * Assign an employee to manage a partner account
         * @description The same employee twice: 409 AlreadyCompanyMember.
         */
        post: operations["addAccountManager"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read any account's webhook subscription (0 or 1)
         * @description The subscription as its partner sees it; the signing secret is never returned.
         */
        get: operations["listAccountWebhooks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/webhooks/{webhookID}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List any account's webhook deliveries, newest event first, each with its attempts
         * @description An employee access token with the scope `admin.webhook_deliveries:read`.
         */
        get: operations["listAccountWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/webhooks/{webhookID}/deliveries/{deliveryID}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an event to a partner again
         * @description What the partner’s own redeliver does, for a partner who asks support after an outage: the event is queued again with the same id on a fresh retry schedule. The subscription must be Active (409 WebhookInvalidState).
         */
        post: operations["redeliverAccountWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/redemptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List Disputed redemptions, newest first: passes canceled after a venue scanned them offline
         * @description `status` is required and only `Disputed` is listed: the guests were admitted, the booking canceled before the scan reached the service. Each names the partner account.
         */
        get: operations["listRedemptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/employees/{employeeID}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cut an employee off: their tokens are refused within 60 s, and their login until reinstated
         * @description Revoking a revoked employee: 409 EmployeeInvalidState. An admin cannot revoke themselves: 422 ValidationError on path.employeeID. Any id is accepted (the service keeps no employee directory).
         */
        post: operations["revokeEmployee"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/employees/{employeeID}/reinstate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Lift a revocation: the employee may sign in again
         * @description Tokens issued before the revocation stay refused. An employee who is not revoked: 409 EmployeeInvalidState.
         */
        post: operations["reinstateEmployee"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the audit log, newest first
         * @description One record per state change made through `/v2/admin/*` or `/api/v1/admin/*` and per employee login attempt. Filters narrow each other; `since` is a UTC instant. Records are never changed or deleted.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/booking/lounges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List lounge bookings, newest first
         * @description A partner access token over mutual TLS with the scope `booking.lounges:write`; counts against the account's plan.
         */
        get: operations["listLoungeBookings"];
        put?: never;
        /**
         * Book a lounge
         * @description Answers 202 with the booking in `Processing`; the service issues the pass asynchronously (status `Issued`, usually within seconds), after which the booking must be confirmed before `hold_expires_at`.
         */
        post: operations["createLoungeBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/booking/lounges/{bookingID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a lounge booking
         * @description A partner access token over mutual TLS with the scope `booking.lounges:write`; counts against the account's plan.
         */
        get: operations["getLoungeBooking"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/booking/lounges/{bookingID}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm an issued lounge booking before its hold expires
         * @description A partner access token over mutual TLS with the scope `booking.lounges:write`; counts against the account's plan.
         */
        post: operations["confirmLoungeBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/booking/lounges/{bookingID}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a lounge booking
         * @description Possible while Processing, Issued or Confirmed, unless the pass was already used.
         */
        post: operations["cancelLoungeBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/booking/lounges/{bookingID}/pass": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the pass of a lounge booking, with its QR code
         * @description A partner access token over mutual TLS with the scope `booking.lounges:write`; counts against the account's plan.
         */
        get: operations["getLoungePass"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/booking/lounges/{bookingID}/pass.pkpass": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the pass of a lounge booking for Apple Wallet
         * @description An Apple Wallet pass (`application/vnd.apple.pkpass`) whose barcode is the pass QR, with the lounge, the guests and the validity on its front, in English and Russian, signed with the pass-type certificate. Available once the booking is confirmed (PassNotReady before); fetched again after a cancel, expiry or use it is voided and says so. Send `Accept: application/vnd.apple.pkpass` to receive the bytes.
         */
        get: operations["getLoungeWalletPass"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/booking/fast-tracks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List fast-track bookings, newest first
         * @description A partner access token over mutual TLS with the scope `booking.fast_tracks:write`; counts against the account's plan.
         */
        get: operations["listFastTrackBookings"];
        put?: never;
        /**
         * Book a fast-track
         * @description Answers 202 with the booking in `Processing`; the service issues the pass asynchronously (status `Issued`, usually within seconds), after which the booking must be confirmed before `hold_expires_at`.
         */
        post: operations["createFastTrackBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/booking/fast-tracks/{bookingID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a fast-track booking
         * @description A partner access token over mutual TLS with the scope `booking.fast_tracks:write`; counts against the account's plan.
         */
        get: operations["getFastTrackBooking"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/booking/fast-tracks/{bookingID}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm an issued fast-track booking before its hold expires
         * @description A partner access token over mutual TLS with the scope `booking.fast_tracks:write`; counts against the account's plan.
         */
        post: operations["confirmFastTrackBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/booking/fast-tracks/{bookingID}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a fast-track booking
         * @description Possible while Processing, Issued or Confirmed, unless the pass was already used.
         */
        post: operations["cancelFastTrackBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/booking/fast-tracks/{bookingID}/pass": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the pass of a fast-track booking, with its QR code
         * @description A partner access token over mutual TLS with the scope `booking.fast_tracks:write`; counts against the account's plan.
         */
        get: operations["getFastTrackPass"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/booking/fast-tracks/{bookingID}/pass.pkpass": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the pass of a fast-track booking for Apple Wallet
         * @description An Apple Wallet pass (`application/vnd.apple.pkpass`) whose barcode is the pass QR, with the fast-track, the guests and the validity on its front, in English and Russian, signed with the pass-type certificate. Available once the booking is confirmed (PassNotReady before); fetched again after a cancel, expiry or use it is voided and says so. Send `Accept: application/vnd.apple.pkpass` to receive the bytes.
         */
        get: operations["getFastTrackWalletPass"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/.well-known/pass-keys.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Public keys that verify pass QR codes
         * @description A JSON Web Key Set (ES256). A pass QR payload is a compact JWS (`typ` `pass+jwt`) whose header `kid` names the key that verifies it; refresh the set daily and whenever a `kid` is unknown.
         */
        get: operations["getPassSigningKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/catalog/lounges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the lounges of your contract
         * @description Active items of your contract, sorted by localized name. `name` filters before paging; `pagination.total` counts every match. Conditional: If-None-Match (weak comparison, lists and *) wins over If-Modified-Since; a match is 304 with no body.
         */
        get: operations["listLounges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/catalog/lounges/{loungeID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one lounge of your contract
         * @description A partner access token over mutual TLS with the scope `catalog.lounges:read`; counts against the account's plan.
         */
        get: operations["getLounge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/images/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Image of a lounge or fast-track (Image.url)
         * @description The bytes with their media type. Either catalog scope suffices: images of lounges and fast-tracks in your contract are served alike.
         */
        get: operations["getImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/catalog/fast-tracks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the fast-track services of your contract
         * @description Active items of your contract, sorted by localized name. `name` filters before paging; `pagination.total` counts every match. Conditional: If-None-Match (weak comparison, lists and *) wins over If-Modified-Since; a match is 304 with no body.
         */
        get: operations["listFastTracks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/catalog/fast-tracks/{fastTrackID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one fast-track service of your contract
         * @description A partner access token over mutual TLS with the scope `catalog.fast_tracks:read`; counts against the account's plan.
         */
        get: operations["getFastTrack"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/catalog/esim/tariffs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the eSIM tariffs (package templates) of your contract
         * @description Active items of your contract, sorted by localized name. `name` filters before paging; `pagination.total` counts every match. Conditional: If-None-Match (weak comparison, lists and *) wins over If-Modified-Since; a match is 304 with no body.
         */
        get: operations["listEsimTariffs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/catalog/esim/tariffs/{tariffID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one eSIM tariff of your contract
         * @description A partner access token over mutual TLS with the scope `catalog.esim:read`; counts against the account's plan.
         */
        get: operations["getEsimTariff"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/catalog/lounges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the lounges of the catalog draft
         * @description Every item of the draft, inactive ones included, in id order.
         */
        get: operations["listCatalogLounges"];
        put?: never;
        /**
         * Add a lounge to the draft
         * @description Partners see it after the next publication. 409 CatalogResourceConflict when it duplicates an item; 422 names every bad field and every unknown reference.
         */
        post: operations["createCatalogLounge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/catalog/lounges/{loungeID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a lounge of the draft in its admin form
         * @description An employee access token with the scope `admin.catalog:read`.
         */
        get: operations["getCatalogLounge"];
        /**
         * Replace a lounge in the draft
         * @description The whole admin form, without `id`. Saving the item unchanged changes nothing.
         */
        put: operations["replaceCatalogLounge"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/catalog/lounges/{loungeID}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate a lounge in the draft
         * @description Items are deactivated, never deleted; partners get 404 for it after the next publication.
         */
        post: operations["deactivateCatalogLounge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/catalog/fast-tracks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the fast-tracks of the catalog draft
         * @description Every item of the draft, inactive ones included, in id order.
         */
        get: operations["listCatalogFastTracks"];
        put?: never;
        /**
         * Add a fast-track to the draft
         * @description Partners see it after the next publication. 409 CatalogResourceConflict when it duplicates an item; 422 names every bad field and every unknown reference.
         */
        post: operations["createCatalogFastTrack"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/catalog/fast-tracks/{fastTrackID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a fast-track of the draft in its admin form
         * @description An employee access token with the scope `admin.catalog:read`.
         */
        get: operations["getCatalogFastTrack"];
        /**
         * Replace a fast-track in the draft
         * @description The whole admin form, without `id`. Saving the item unchanged changes nothing.
         */
        put: operations["replaceCatalogFastTrack"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/catalog/fast-tracks/{fastTrackID}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate a fast-track in the draft
         * @description Items are deactivated, never deleted; partners get 404 for it after the next publication.
         */
        post: operations["deactivateCatalogFastTrack"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/catalog/tariffs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the eSIM tariffs of the catalog draft
         * @description Every item of the draft, inactive ones included, in id order.
         */
        get: operations["listCatalogTariffs"];
        put?: never;
        /**
         * Add a eSIM tariff to the draft
         * @description Partners see it after the next publication. 409 CatalogResourceConflict when it duplicates an item; 422 names every bad field and every unknown reference.
         */
        post: operations["createCatalogTariff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/catalog/tariffs/{tariffID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a eSIM tariff of the draft in its admin form
         * @description An employee access token with the scope `admin.catalog:read`.
         */
        get: operations["getCatalogTariff"];
        /**
         * Replace a eSIM tariff in the draft
         * @description The whole admin form, without `id`. Saving the item unchanged changes nothing.
         */
        put: operations["replaceCatalogTariff"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/catalog/tariffs/{tariffID}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate a eSIM tariff in the draft
         * @description Items are deactivated, never deleted; partners get 404 for it after the next publication.
         */
        post: operations["deactivateCatalogTariff"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/catalog/hubs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the hubs of the catalog draft
         * @description Every item of the draft, inactive ones included, in id order.
         */
        get: operations["listCatalogHubs"];
        put?: never;
        /**
         * Add a hub to the draft
         * @description Partners see it after the next publication. 409 CatalogResourceConflict when it duplicates an item; 422 names every bad field and every unknown reference.
         */
        post: operations["createCatalogHub"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/catalog/hubs/{hubID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a hub of the draft in its admin form
         * @description An employee access token with the scope `admin.catalog:read`.
         */
        get: operations["getCatalogHub"];
        /**
         * Replace a hub in the draft
         * @description The whole admin form, without `id`. Saving the item unchanged changes nothing.
         */
        put: operations["replaceCatalogHub"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/catalog/hubs/{hubID}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate a hub in the draft
         * @description Items are deactivated, never deleted; partners get 404 for it after the next publication.
         */
        post: operations["deactivateCatalogHub"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/catalog/amenities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the amenitys of the catalog draft
         * @description Every item of the draft, inactive ones included, in id order.
         */
        get: operations["listCatalogAmenities"];
        put?: never;
        /**
         * Add a amenity to the draft
         * @description Partners see it after the next publication. 409 CatalogResourceConflict when it duplicates an item; 422 names every bad field and every unknown reference.
         */
        post: operations["createCatalogAmenity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/catalog/amenities/{amenityID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a amenity of the draft in its admin form
         * @description An employee access token with the scope `admin.catalog:read`.
         */
        get: operations["getCatalogAmenity"];
        /**
         * Replace a amenity in the draft
         * @description The whole admin form, without `id`. Saving the item unchanged changes nothing.
         */
        put: operations["replaceCatalogAmenity"];
        post?: never;
        /**
         * Delete an amenity no lounge of the draft lists
         * @description 409 AmenityResourceConflict while a lounge of the draft lists it (details.lounge_ids).
         */
        delete: operations["deleteCatalogAmenity"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/catalog/amenities/{amenityID}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate a amenity in the draft
         * @description Items are deactivated, never deleted; partners get 404 for it after the next publication.
         */
        post: operations["deactivateCatalogAmenity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/catalog/images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload an image (the raw file as the body)
         * @description PNG, JPEG or WebP, recognised by its content (the Content-Type must name the same format), whole, 1..16384 pixels a side: otherwise 422 on `body`. At most 4 MiB this way (413 above: a Lambda event carries no more, base64-encoded); files up to 5 MiB go through `POST /api/v1/admin/catalog/images/uploads`. The id derives from the SHA-256 of the bytes: 201 when stored now, 200 when the same image was stored before.
         */
        post: operations["uploadCatalogImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/catalog/images/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get an upload URL for an image file of up to 5 MiB
         * @description Answers a presigned URL that accepts one PUT of exactly `bytes` bytes of `content_type` for 15 minutes, straight to storage, past the size a request to this API may carry. Then `POST …/images/uploads/{uploadID}/complete` checks the file and stores it as an image. The grant is audited.
         */
        post: operations["startCatalogImageUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/catalog/images/uploads/{uploadID}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Store the file put through an upload URL as an image
         * @description The same checks as a direct upload, on the file as storage holds it: 422 on `upload` otherwise. 404 ResourceNotFound when nothing was put under the upload (or it expired, after a day). 201 when stored now, 200 when the same image was stored before (completing twice included).
         */
        post: operations["completeCatalogImageUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/catalog/draft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the draft holds and whether publishing it would change the catalog
         * @description An employee access token with the scope `admin.catalog:read`.
         */
        get: operations["getCatalogDraft"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/catalog/diff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The draft against the published catalog, field by field
         * @description An employee access token with the scope `admin.catalog:read`.
         */
        get: operations["getCatalogDiff"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/catalog/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Publish the draft: partners see it from their next request
         * @description Atomic for partners: they read the previous version or this one, never a mix. Publishing a draft that is published already answers 200 with the current version and `changed: false`.
         */
        post: operations["publishCatalog"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/contract": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an account's own contract
         * @description 404 ResourceNotFound (details.default_contract_applies) when the account has none.
         */
        get: operations["getAccountContract"];
        /**
         * Replace an account's contract
         * @description An employee access token with the scope `admin.catalog:write`.
         */
        put: operations["replaceAccountContract"];
        /**
         * Give an account its own contract (it replaces the default contract for the account)
         * @description An employee access token with the scope `admin.catalog:write`.
         */
        post: operations["createAccountContract"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account’s subscription (0 or 1)
         * @description A partner access token over mutual TLS with the scope `webhooks`; counts against the account's plan.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Subscribe the account’s webhook endpoint
         * @description At most one subscription per account (409 WebhookAlreadyExists). The URL must be HTTPS and resolve to public addresses only (422 otherwise). Every booking and pass status change is then delivered, signed with HMAC-SHA256 (`secret`: given, or generated and answered once) or, with `signing: "ed25519"`, with a key pair the service makes (Standard Webhooks `v1a`, verified with `public_key`).
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/webhooks/{webhookID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the subscription
         * @description A partner access token over mutual TLS with the scope `webhooks`; counts against the account's plan.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete the subscription
         * @description Nothing is sent after deletion, not even retries of earlier events.
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/webhooks/{webhookID}/change-url": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the endpoint
         * @description Applies to the next attempt, retries of earlier events included. Same URL rules as subscribing.
         */
        post: operations["changeWebhookUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/webhooks/{webhookID}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the signing secret or key pair
         * @description The previous secret keeps signing, as the second value of the signature headers, for `grace_period_seconds` (default 60). A rotation during a grace period ends the older secret at once. HMAC: without `secret` the service generates one and answers it once. ed25519: a new key pair (`public_key` in the answer); `secret` is refused (422).
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/webhooks/{webhookID}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspend delivery
         * @description Events that happen while disabled are recorded as Skipped (see the deliveries) and are not sent later unless redelivered. Disabling a Disabled subscription: 409 WebhookInvalidState.
         */
        post: operations["disableWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/webhooks/{webhookID}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume delivery
         * @description Enabling an Active subscription: 409 WebhookInvalidState.
         */
        post: operations["enableWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/webhooks/{webhookID}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List deliveries, newest event first, each with its attempts
         * @description Kept 30 days. Beyond the partner contract.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/webhooks/{webhookID}/deliveries/{deliveryID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one delivery with its attempts
         * @description Beyond the partner contract.
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/webhooks/{webhookID}/deliveries/{deliveryID}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send an event again
         * @description Queues the event again, with the same id, whatever the delivery’s status, on a fresh retry schedule; queued retries of it are superseded. The subscription must be Active (409 WebhookInvalidState). Ping, redeliver and recover together: 10 per minute per account (429 RateLimitExceeded). Beyond the partner contract.
         */
        post: operations["redeliverWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/webhooks/{webhookID}/ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a `webhook.ping` test event
         * @description The ping takes the path of every event (outbox, stream, queue, dispatcher) and is signed the same way. The subscription must be Active (409 WebhookInvalidState). Ping, redeliver and recover together: 10 per minute per account (429 RateLimitExceeded). Beyond the partner contract.
         */
        post: operations["pingWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/webhooks/{webhookID}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send again every event that was Skipped or Failed since a time
         * @description For a receiver that was down or a subscription that was disabled: every event since `since` (at most 7 days ago, 422 otherwise) whose delivery is Skipped or Failed is sent again, with its own id, in event order, each once, on a fresh retry schedule (at most 500 per recovery, see `truncated`). One recovery runs at a time per subscription (409 WebhookRecoveryInProgress); the subscription must be Active (409 WebhookInvalidState). Ping, redeliver and recover together: 10 per minute per account (429). With an Idempotency-Key, a retry gets the first answer. Beyond the partner contract.
         */
        post: operations["recoverWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/fulfilment/esims": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your eSIMs by ICCID, with their packages
         * @description Cursor paging: `limit` 1 to 200 (default 50), pass `next_cursor` back as `cursor`; null on the last page. Items carry the activation data without the rendered QR code.
         */
        get: operations["listEsims"];
        put?: never;
        /**
         * Order an eSIM on a tariff of your contract
         * @description `package_template_id` must name a tariff of your eSIM catalog (active, in your contract; else 404 CatalogResourceNotFound), `active_period` must equal its `validity_days` and `validity_period` be 1 to 365 (else 422 naming the field). Answers 201 with the order in `Pending` and the tariff's price; the order holds no ICCID until it is confirmed (POST /v2/b2b/fulfilment/orders/{orderID}/confirm). The Idempotency-Key compares package_template_id, active_period and validity_period.
         */
        post: operations["createEsimOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/fulfilment/orders/{orderID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an eSIM order
         * @description Another account's order is 404 ResourceNotFound, like a missing one.
         */
        get: operations["getEsimOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/fulfilment/orders/{orderID}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm an order: issue the eSIM with its activation data
         * @description Takes one ICCID of your pool and issues the eSIM with its first package (NotActive) and the activation data a phone installs it from: the LPA activation code, its QR code as SVG and Apple's one-tap link. Confirming a confirmed order answers 200 with the same eSIM and never takes a second ICCID. An empty pool is 409 EsimPoolExhausted and the order stays Pending. Idempotency-Key optional: a used key answers as it first did (an EsimPoolExhausted included) without confirming again, so after a refill confirm with a new key or none.
         */
        post: operations["confirmEsimOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/fulfilment/esims/{iccid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an eSIM with its activation data, packages and usage
         * @description Another account's eSIM is 404 EsimNotFound, like a missing one.
         */
        get: operations["getEsim"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/fulfilment/esims/{iccid}/install": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Install help for a traveller: the one-tap link, the steps and the manual details
         * @description For `platform` ios or android: the platform's one-tap install link, the steps in the Accept-Language (en-US or ru-RU; en-US otherwise) and the SM-DP+ address and activation code for entering the eSIM by hand. Another account's eSIM is 404 EsimNotFound, like a missing one; a missing or unknown platform is 422.
         */
        get: operations["getEsimInstallHelp"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/fulfilment/esims/{iccid}/topups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the tariffs that can top up an eSIM
         * @description Tariffs of your contract that are sold as top-ups (`topup_allowed`) and cover every country of the eSIM's ordered tariff, in catalog order. Empty once the eSIM has expired.
         */
        get: operations["listEsimTopups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/fulfilment/esims/{iccid}/topup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Top up an eSIM with a new package
         * @description `package_template_id` must name a tariff of your eSIM catalog (active, in your contract; else 404 CatalogResourceNotFound), `active_period` must equal its `validity_days` and `validity_period` be 1 to 365 (else 422 naming the field). Adds a NotActive package; usage goes to it once the packages before it have ended. 409 EsimTopupUnavailable (details.reason) when the eSIM has expired (every package Expired: `esim_expired`), the tariff is not sold as a top-up (`tariff_not_topup`), it does not cover every country of the eSIM (`coverage_mismatch`), or the eSIM holds 100 packages (`package_limit`). The Idempotency-Key compares the iccid and the three fields.
         */
        post: operations["topUpEsim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/settings/esim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read your eSIM settings: the usage thresholds
         * @description The usage thresholds are [80] (and updated_at null) until you set your own.
         */
        get: operations["getEsimSettings"];
        /**
         * Set your usage thresholds
         * @description Replaces your usage thresholds (percent of a package's data): esim.package.usage_threshold_reached is sent once per package and threshold, with `threshold` in its data. They apply to usage reported from now on, on every eSIM of yours; a threshold a package had already passed is sent with its next usage report. 422 naming the field for a value outside 1 to 99, a repeated one or more than five.
         */
        put: operations["replaceEsimSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/fulfilment/esims/{iccid}/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Refund an eSIM that was never used: its ICCID is retired
         * @description Answers 200 with the eSIM, status `Refunded`, and credits the order's price on an `esim_refund` ledger line (top-ups stay charged). 409 EsimRefundUnavailable (details.reason) when it is refunded already (`already_refunded`), suspended (`suspended`), any package has usage (`usage_recorded`), its profile was downloaded to a device (`profile_downloaded`), or it was issued more than your contract's `esim_refund_days` ago (`refund_window_passed`). A refunded eSIM takes no top-up, usage, suspend or resume, and its ICCID is never issued again. Sends esim.status.changed. The Idempotency-Key compares the iccid and reason.
         */
        post: operations["refundEsim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/fulfilment/esims/{iccid}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspend an eSIM: it takes no top-up and no usage until resumed
         * @description Answers 200 with the eSIM, status `Suspended`. A suspended or refunded eSIM: 409 EsimInvalidState. Sends esim.status.changed. The Idempotency-Key compares the iccid and reason.
         */
        post: operations["suspendOwnEsim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/fulfilment/esims/{iccid}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a suspended eSIM: its status is its packages' again
         * @description Answers 200 with the eSIM. 409 EsimInvalidState when it is not suspended or is refunded, and when our support team suspended it (`details.reason` `suspended_by_employee`: only they resume it). Sends esim.status.changed. The Idempotency-Key compares the iccid and reason.
         */
        post: operations["resumeOwnEsim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/accounts/{accountID}/esim-pool": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an account's eSIM pool counts and reseller
         * @description A partner access token over mutual TLS with the scope `identity.account:*`; counts against the account's plan.
         */
        get: operations["getEsimPool"];
        put?: never;
        /**
         * Load ICCIDs into an account's eSIM pool
         * @description Each ICCID 19 or 20 digits, starting with 89, with a valid Luhn check digit. A malformed ICCID, or one that belongs to another account, refuses the request with 422 naming each bad index, and nothing is loaded. An ICCID is loaded once for good: ICCIDs the account already has (waiting or issued) count as already present, so sending a batch again is safe.
         */
        post: operations["loadEsimPool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/accounts/{accountID}/esim-reseller": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Link an account to its eSIM reseller
         * @description One link per account, for good: a second link is 409 EsimResellerAlreadyLinked, whatever it names.
         */
        post: operations["linkEsimReseller"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/rate-limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's plan and what is left of it
         * @description The numbers of `RateLimit-Policy` and those of `RateLimit` where known: the day from the service's own count, this request included; the burst where the gateway tells it. Any partner token may ask, whatever its scopes; the request counts against the plan like any other.
         */
        get: operations["getRateLimits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's recent requests
         * @description One record per request that carried a valid partner token (a 403 for a missing scope included), newest first, kept 30 days and listed within seconds of the answer. A record names the request and its outcome: never a body, a token, a header or the query string. Filters narrow each other; the window is `since` to `until` (default: the last 24 hours; at most 30 days).
         */
        get: operations["listRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An account's recent requests
         * @description One record per request that carried a valid partner token (a 403 for a missing scope included), newest first, kept 30 days and listed within seconds of the answer. A record names the request and its outcome: never a body, a token, a header or the query string. Filters narrow each other; the window is `since` to `until` (default: the last 24 hours; at most 30 days).
         */
        get: operations["listAccountRequests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/venues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List venues, newest first
         * @description A partner access token over mutual TLS with the scope `admin.venues:write`; counts against the account's plan.
         */
        get: operations["listVenues"];
        put?: never;
        /**
         * Register a venue: the operator of some lounges and fast-track lanes
         * @description Every listed id must be a lounge (or fast-track) of the published catalog: else 422 at its path.
         */
        post: operations["createVenue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/venues/{venueID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a venue
         * @description A partner access token over mutual TLS with the scope `admin.venues:write`; counts against the account's plan.
         */
        get: operations["getVenue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/venues/{venueID}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace the lounges and fast-tracks a venue operates
         * @description A partner access token over mutual TLS with the scope `admin.venues:write`; counts against the account's plan.
         */
        put: operations["replaceVenueItems"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/venues/{venueID}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a venue: it enrolls no device, and its devices are cut off within a minute
         * @description A partner access token over mutual TLS with the scope `admin.venues:write`; counts against the account's plan.
         */
        post: operations["disableVenue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/venues/{venueID}/enrollments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint an enrollment code: it enrolls one device into the venue within 24 hours
         * @description The code is shown once; only its hash is stored.
         */
        post: operations["createEnrollmentCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/venues/{venueID}/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a venue's devices, newest first
         * @description A partner access token over mutual TLS with the scope `admin.venues:write`; counts against the account's plan.
         */
        get: operations["listVenueDevices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/admin/venues/{venueID}/devices/{deviceID}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a device: it gets no token, and the tokens it holds are refused within a minute
         * @description A partner access token over mutual TLS with the scope `admin.venues:write`; counts against the account's plan.
         */
        post: operations["disableVenueDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/venue/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enroll a device with an enrollment code and its EC P-256 public key
         * @description The code (single use, 24 h) names the venue. The key is made on the device and never leaves it: a JWK with a private member is refused. The device then gets tokens with `private_key_jwt` and DPoP.
         */
        post: operations["registerDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/venue/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The lounges and fast-track lanes the venue operates
         * @description Takes `Authorization: DPoP <device token>` and a fresh `DPoP` proof of this request with `ath` (RFC 9449); anything else is 401 with `WWW-Authenticate: DPoP error=...`.
         */
        get: operations["listVenueItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/venue/passes/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify a scanned pass: its guests, and whether a redemption now would be accepted
         * @description A QR that is not a pass of this service is 422 at `body.qr`; a pass of a lounge or lane the venue does not operate is 409 PassNotValidHere and shows no guest. `refusal` names the code a redemption now would be refused with. Takes `Authorization: DPoP <device token>` and a fresh `DPoP` proof of this request with `ath` (RFC 9449); anything else is 401 with `WWW-Authenticate: DPoP error=...`.
         */
        post: operations["verifyPass"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/venue/redemptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The venue's redemptions, oldest recorded first
         * @description Only this venue's, from every one of its devices; `since` starts at a recorded_at. Takes `Authorization: DPoP <device token>` and a fresh `DPoP` proof of this request with `ath` (RFC 9449); anything else is 401 with `WWW-Authenticate: DPoP error=...`.
         */
        get: operations["listVenueRedemptions"];
        put?: never;
        /**
         * Redeem a scanned pass: admit some or all of its guests
         * @description The pass becomes Used and the partner gets `pass.status.changed`. `scanned_at` (at most 72 h ago) records a scan made offline; a pass canceled after that moment is recorded `Disputed` (201). One pass is redeemed at most once; the same Idempotency-Key replays the answer, so an offline queue can be sent again. Takes `Authorization: DPoP <device token>` and a fresh `DPoP` proof of this request with `ath` (RFC 9449); anything else is 401 with `WWW-Authenticate: DPoP error=...`.
         */
        post: operations["redeemPass"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/billing/statements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your monthly statements, newest first
         * @description Months with at least one ledger line.
         */
        get: operations["listStatements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/billing/statements/{period}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one month's statement
         * @description A month without lines is answered Open with empty totals while it is the current UTC month; any other month without lines is 404 ResourceNotFound.
         */
        get: operations["getStatement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/billing/statements/{period}/lines": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a month's ledger lines in the order they were written
         * @description With `Accept: text/csv` the whole period comes as RFC 4180 CSV (header row, the fields of a line, one row per line; `kind` still filters, `limit` and `cursor` are ignored). Any other Accept answers JSON.
         */
        get: operations["listStatementLines"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/billing/statements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an account's monthly statements, newest first
         * @description An employee access token with one of the scopes `admin.billing:read`, `admin.billing:write`.
         */
        get: operations["employeeListStatements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/billing/statements/{period}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one month's statement of an account
         * @description A month without lines is answered Open with empty totals while it is the current UTC month; any other month without lines is 404 ResourceNotFound.
         */
        get: operations["employeeGetStatement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/billing/statements/{period}/lines": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a month's ledger lines of an account
         * @description With `Accept: text/csv` the whole period comes as RFC 4180 CSV (header row, the fields of a line, one row per line; `kind` still filters, `limit` and `cursor` are ignored). Any other Accept answers JSON.
         */
        get: operations["employeeListStatementLines"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/billing/adjustments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Write an adjustment line on an account's open statement
         * @description Any sign but zero, with the currency’s decimals (else 422 on body.amount). The line goes to the month of now, or the open month after it when that one is closed.
         */
        post: operations["createAdjustment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/billing/statements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every account's statement of one month (the finance export)
         * @description Pages follow the accounts (newest first); accounts without lines that month are left out, so a page may hold fewer than `limit`. With `Accept: text/csv` the whole month as RFC 4180 CSV, one row per account and currency.
         */
        get: operations["listPeriodStatements"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find bookings of any account: by account, traveller, status, service and creation time, newest first
         * @description Name `account_id` or a traveller field (`email`, `last_name`, `transport_number`), else 422. Traveller fields match exactly after normalisation (trimmed, inner whitespace collapsed, case ignored). A page may hold fewer than `limit` bookings while `next_cursor` is not null.
         */
        get: operations["searchBookings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/bookings/{bookingID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a booking of any account with its pass, every status change and its redemptions
         * @description An employee access token with one of the scopes `admin.bookings:read`, `admin.bookings:write`.
         */
        get: operations["getAdminBooking"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/bookings/{bookingID}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a booking on the partner's behalf, with or without the cancellation fee
         * @description The partner's cancel rules (409 BookingAlreadyCanceled, BookingAlreadyConfirmed when its pass was used) and events; the history records the employee, the reason and `waive_fee`.
         */
        post: operations["cancelBookingOnBehalf"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/esims": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an account's eSIMs by ICCID, of one status when asked
         * @description An employee access token with one of the scopes `admin.esims:read`, `admin.esims:write`.
         */
        get: operations["listAdminEsims"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/esims/{iccid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an eSIM of any account with its packages and its suspensions
         * @description An employee access token with one of the scopes `admin.esims:read`, `admin.esims:write`.
         */
        get: operations["getAdminEsim"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/esims/{iccid}/suspend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Suspend an eSIM: it takes no top-up and no usage until resumed
         * @description A suspended or refunded eSIM: 409 EsimInvalidState. Sends esim.status.changed.
         */
        post: operations["suspendEsim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/esims/{iccid}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resume a suspended eSIM: its status is its packages' again
         * @description An eSIM that is not suspended, or refunded: 409 EsimInvalidState. Resumes a suspension made by the partner too. Sends esim.status.changed.
         */
        post: operations["resumeEsim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/b2b/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List your account’s events, oldest first
         * @description Every event of the last 30 days, whether or not a webhook subscription exists, in the order the feed numbered them, each as its webhook delivery carries it (same `id`). Cursor paging never skips or repeats an event while new ones arrive. `type` and `since` filter what a page returns; a filtered page may hold fewer than `limit` events, even none, while `has_more` is true. A cursor of another account or an altered one is 422 on `query.cursor`.
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List accounts
         * @description An employee access token with one of the scopes `identity.account:read`, `identity.account:*`.
         */
        get: operations["employeeListAccounts"];
        put?: never;
        /**
         * Create a partner account from a CSR
         * @description Signs `csr_pem` with the partner CA; the returned certificate identifies the account on every call.
         */
        post: operations["employeeCreateAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an account
         * @description An employee access token with one of the scopes `identity.account:read`, `identity.account:*`.
         */
        get: operations["employeeGetAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable an account: none of its applications gets a token any more
         * @description An employee access token with the scope `identity.account:*`.
         */
        post: operations["employeeDisableAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set the account's rate limit plan
         * @description The new numbers apply to requests at once; the `RateLimit-Policy` partners see follows within five minutes (the gateway caches its answer per token). Setting the current plan again re-applies it.
         */
        post: operations["employeeChangeAccountPlan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/certificates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's certificates, revoked ones included, newest first
         * @description An employee access token with one of the scopes `identity.account:read`, `identity.account:*`.
         */
        get: operations["employeeListAccountCertificates"];
        put?: never;
        /**
         * Sign another mTLS client certificate for the account (at most 3 active)
         * @description Signs `csr_pem` with the partner CA, as account creation does, valid 365 days. It works for calls from the commit on; the certificates the account holds keep working until revoked, so a partner rolls over without a gap. A 4th active certificate: 409 CertificateLimitReached.
         */
        post: operations["employeeAddAccountCertificate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/certificates/{serial}/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a certificate: calls with it are refused (401) within a minute
         * @description The account's last active certificate may be revoked too: that cuts the account off until it gets a new one. A revoked certificate: 409 CertificateInvalidState; a serial of another account: 404.
         */
        post: operations["employeeRevokeAccountCertificate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/applications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an account's applications
         * @description An employee access token with one of the scopes `identity.application:read`, `identity.application:*`.
         */
        get: operations["employeeListApplications"];
        put?: never;
        /**
         * Create an application with client credentials
         * @description The client secret is returned once, in this response; only a keyed hash is stored.
         */
        post: operations["employeeCreateApplication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/applications/{clientID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an application
         * @description An employee access token with one of the scopes `identity.application:read`, `identity.application:*`.
         */
        get: operations["employeeGetApplication"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/applications/{clientID}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable an application: it gets no more tokens, and those it holds are refused within a minute
         * @description An employee access token with the scope `identity.application:*`.
         */
        post: operations["employeeDisableApplication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/applications/{clientID}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a disabled application: it gets tokens again while its account is active
         * @description Tokens issued before the disable stay refused. Enabling an Active application: 409 ApplicationInvalidState.
         */
        post: operations["employeeEnableApplication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/applications/{clientID}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the client secret (the old one stops working at once, tokens it got within a minute)
         * @description An employee access token with the scope `identity.application:*`.
         */
        post: operations["employeeRotateApplicationSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/esim-pool": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an account's eSIM pool counts and reseller
         * @description An employee access token with one of the scopes `admin.esim_pools:read`, `identity.account:*`.
         */
        get: operations["employeeGetEsimPool"];
        put?: never;
        /**
         * Load ICCIDs into an account's eSIM pool
         * @description Each ICCID 19 or 20 digits, starting with 89, with a valid Luhn check digit. A malformed ICCID, or one that belongs to another account, refuses the request with 422 naming each bad index, and nothing is loaded. An ICCID is loaded once for good: ICCIDs the account already has (waiting or issued) count as already present, so sending a batch again is safe.
         */
        post: operations["employeeLoadEsimPool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/accounts/{accountID}/esim-reseller": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Link an account to its eSIM reseller
         * @description One link per account, for good: a second link is 409 EsimResellerAlreadyLinked, whatever it names.
         */
        post: operations["employeeLinkEsimReseller"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/venues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List venues, newest first
         * @description An employee access token with one of the scopes `admin.venues:read`, `admin.venues:write`.
         */
        get: operations["employeeListVenues"];
        put?: never;
        /**
         * Register a venue: the operator of some lounges and fast-track lanes
         * @description Every listed id must be a lounge (or fast-track) of the published catalog: else 422 at its path.
         */
        post: operations["employeeCreateVenue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/venues/{venueID}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a venue
         * @description An employee access token with one of the scopes `admin.venues:read`, `admin.venues:write`.
         */
        get: operations["employeeGetVenue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/venues/{venueID}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Replace the lounges and fast-tracks a venue operates
         * @description An employee access token with the scope `admin.venues:write`.
         */
        put: operations["employeeReplaceVenueItems"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/venues/{venueID}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a venue: it enrolls no device, and its devices are cut off within a minute
         * @description An employee access token with the scope `admin.venues:write`.
         */
        post: operations["employeeDisableVenue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/venues/{venueID}/enrollments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mint an enrollment code: it enrolls one device into the venue within 24 hours
         * @description The code is shown once; only its hash is stored.
         */
        post: operations["employeeCreateEnrollmentCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/venues/{venueID}/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a venue's devices, newest first
         * @description An employee access token with one of the scopes `admin.venues:read`, `admin.venues:write`.
         */
        get: operations["employeeListVenueDevices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/venues/{venueID}/devices/{deviceID}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable a device: it gets no token, and the tokens it holds are refused within a minute
         * @description An employee access token with the scope `admin.venues:write`.
         */
        post: operations["employeeDisableVenueDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "booking.status.changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Notification booking.status.changed */
        post: operations["webhook_booking_status_changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "pass.status.changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Notification pass.status.changed */
        post: operations["webhook_pass_status_changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "esim.package.usage_threshold_reached": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Notification esim.package.usage_threshold_reached */
        post: operations["webhook_esim_package_usage_threshold_reached"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "esim.package.exhausted": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Notification esim.package.exhausted */
        post: operations["webhook_esim_package_exhausted"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "esim.package.expiring": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Notification esim.package.expiring */
        post: operations["webhook_esim_package_expiring"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "esim.package.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Notification esim.package.expired */
        post: operations["webhook_esim_package_expired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "esim.status.changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Notification esim.status.changed */
        post: operations["webhook_esim_status_changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "esim.profile.status_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Notification esim.profile.status_changed */
        post: operations["webhook_esim_profile_status_changed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "billing.statement.closed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Notification billing.statement.closed */
        post: operations["webhook_billing_statement_closed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.ping": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Notification webhook.ping */
        post: operations["webhook_webhook_ping"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        TokenRequest: {
            /** @description `client_credentials` (partner applications) or `authorization_code` (the employee console) */
            grant_type: string;
            /** @description client_credentials: required (or HTTP Basic); authorization_code: optional */
            client_id?: string;
            /** @description client_credentials only (or HTTP Basic); the console is a public client */
            client_secret?: string;
            /** @description client_credentials: space-separated scopes; omitted grants every allowed scope. */
            scope?: string;
            /** @description authorization_code: the one-time code the login redirected with */
            code?: string;
            /** @description authorization_code: the PKCE verifier (43..128 of [A-Za-z0-9._~-]) */
            code_verifier?: string;
            /** @description authorization_code: exactly the redirect_uri of the login */
            redirect_uri?: string;
            /** @description client_credentials of a venue device: `urn:ietf:params:oauth:client-assertion-type:jwt-bearer` */
            client_assertion_type?: string;
            /** @description client_credentials of a venue device: a JWT signed by its enrolled key (RFC 7523), with a `DPoP` header (RFC 9449) */
            client_assertion?: string;
        };
        CreateAccountRequest: {
            name: string;
            /** @description PKCS#10 certificate signing request, PEM */
            csr_pem: string;
        };
        ChangePlanRequest: {
            plan: components["schemas"]["Plan"];
        };
        /**
         * @description The rate limit plan: a request rate with a burst, and a daily quota (numbers per stage; see GET /v2/b2b/rate-limits).
         * @enum {string}
         */
        Plan: "sandbox" | "standard" | "premium";
        AddCertificateRequest: {
            /** @description PKCS#10 certificate signing request, PEM */
            csr_pem: string;
        };
        CreateApplicationRequest: {
            name: string;
            allowed_scopes: string[];
        };
        AddAccountManagerRequest: {
            /** @description The employee's id at the identity provider (its `sub`) */
            employee_id: string;
        };
        EmployeeRevocationRequest: {
            /** @description Why, for the audit log */
            reason: string;
        };
        LoungeBookingRequest: {
            /** Format: uuid */
            lounge_id: string;
            /** @description Contact first name; required when the service asks for Name. */
            first_name?: string;
            /** @description Contact last name; required when the service asks for Name. */
            last_name?: string;
            /**
             * Format: email
             * @description Required when the service asks for Email.
             */
            email?: string;
            /**
             * @description National number; sent with calling_code; required when the service asks for Phone.
             * @example 7911123456
             */
            phone?: string;
            /** @example +44 */
            calling_code?: string;
            /**
             * @description Flight or train number, any case; stored upper-case.
             * @example BA117
             */
            transport_number?: string;
            /** @description 1 to 10 guests, exactly one with lead: true. */
            guests: components["schemas"]["Guest"][];
        };
        Guest: {
            first_name: string;
            last_name: string;
            /** @enum {string} */
            type: "Adult" | "Child" | "Infant";
            /** @description Exactly one guest of the booking is the lead. */
            lead: boolean;
        };
        FastTrackBookingRequest: {
            /** Format: uuid */
            fast_track_id: string;
            /** @description Contact first name; required when the service asks for Name. */
            first_name?: string;
            /** @description Contact last name; required when the service asks for Name. */
            last_name?: string;
            /**
             * Format: email
             * @description Required when the service asks for Email.
             */
            email?: string;
            /**
             * @description National number; sent with calling_code; required when the service asks for Phone.
             * @example 7911123456
             */
            phone?: string;
            /** @example +44 */
            calling_code?: string;
            /**
             * @description Flight or train number, any case; stored upper-case.
             * @example BA117
             */
            transport_number?: string;
            /** @description 1 to 10 guests, exactly one with lead: true. */
            guests: components["schemas"]["Guest"][];
        };
        LoungeForm: {
            /**
             * Format: uuid
             * @description The hub (airport, station) the service belongs to
             */
            hub_id: string;
            /**
             * @description The text in every locale, each 1..255 characters
             * @example {
             *       "en-US": "Business Lounge",
             *       "ru-RU": "Бизнес-зал"
             *     }
             */
            name: {
                "en-US": string;
                "ru-RU": string;
            };
            /** @description The service's own position; the hub's when absent */
            coordinates?: {
                /**
                 * Format: double
                 * @description WGS-84
                 */
                latitude: number;
                /**
                 * Format: double
                 * @description WGS-84
                 */
                longitude: number;
            };
            business_hours: {
                /** @description 1 = Monday, 7 = Sunday */
                day: number;
                times: {
                    /** @constant */
                    type: "STANDARD";
                    /** @example 05:00-13:00,14:00-24:00 */
                    detail: string;
                } | {
                    /** @constant */
                    type: "SPECIAL";
                    /**
                     * @description The text in every locale, each 1..500 characters
                     * @example {
                     *       "en-US": "Business Lounge",
                     *       "ru-RU": "Бизнес-зал"
                     *     }
                     */
                    detail: {
                        "en-US": string;
                        "ru-RU": string;
                    };
                };
            }[];
            required_booking_info: ("Name" | "Email" | "Phone")[];
            policy: {
                age?: {
                    min_age?: number;
                    /**
                     * @description The text in every locale, each 1..500 characters
                     * @example {
                     *       "en-US": "Business Lounge",
                     *       "ru-RU": "Бизнес-зал"
                     *     }
                     */
                    notes?: {
                        "en-US": string;
                        "ru-RU": string;
                    };
                };
                stay?: {
                    /**
                     * @description ISO 8601 duration
                     * @example PT3H
                     */
                    max_duration: string;
                };
            };
            images: {
                /**
                 * Format: uuid
                 * @description An id answered by the image upload
                 */
                image_id: string;
                /** @description Smaller comes first */
                sort: number;
                /**
                 * @description Only enabled images reach partners
                 * @default true
                 */
                enabled: boolean;
                /**
                 * @description The text in every locale, each 1..500 characters
                 * @example {
                 *       "en-US": "Business Lounge",
                 *       "ru-RU": "Бизнес-зал"
                 *     }
                 */
                title?: {
                    "en-US": string;
                    "ru-RU": string;
                };
            }[];
            /** @default true */
            is_active: boolean;
            /** @description Rack prices per guest type, in the currency of the hub's country; partners see them less their discount */
            prices: components["schemas"]["GuestPrices"];
            /** @description true: before passport control; false: airside */
            landside?: boolean;
            /**
             * @description Only with landside false
             * @enum {string}
             */
            airside_zone?: "International" | "Domestic" | "Any";
            /** @default false */
            is_arrival_available: boolean;
            /** @description Every amenity the lounge offers */
            amenity_ids: string[];
            /**
             * @description The amenities of amenity_ids that are not free here
             * @default []
             */
            paid_amenity_ids: string[];
            /**
             * @description The text in every locale, each 1..2000 characters
             * @example {
             *       "en-US": "Business Lounge",
             *       "ru-RU": "Бизнес-зал"
             *     }
             */
            direction_info: {
                "en-US": string;
                "ru-RU": string;
            };
        };
        /**
         * @example {
         *       "currency": "EUR",
         *       "adult": "45.00",
         *       "child": "22.50",
         *       "infant": "0.00"
         *     }
         */
        GuestPrices: {
            currency: string;
            /** @description One adult: a decimal string in the major unit, with at most the currency's decimals */
            adult: string;
            /** @description One child: a decimal string in the major unit, with at most the currency's decimals */
            child: string;
            /** @description One infant: a decimal string in the major unit, with at most the currency's decimals */
            infant: string;
        };
        FastTrackForm: {
            /**
             * Format: uuid
             * @description The hub (airport, station) the service belongs to
             */
            hub_id: string;
            /**
             * @description The text in every locale, each 1..255 characters
             * @example {
             *       "en-US": "Business Lounge",
             *       "ru-RU": "Бизнес-зал"
             *     }
             */
            name: {
                "en-US": string;
                "ru-RU": string;
            };
            /** @description The service's own position; the hub's when absent */
            coordinates?: {
                /**
                 * Format: double
                 * @description WGS-84
                 */
                latitude: number;
                /**
                 * Format: double
                 * @description WGS-84
                 */
                longitude: number;
            };
            business_hours: {
                /** @description 1 = Monday, 7 = Sunday */
                day: number;
                times: {
                    /** @constant */
                    type: "STANDARD";
                    /** @example 05:00-13:00,14:00-24:00 */
                    detail: string;
                } | {
                    /** @constant */
                    type: "SPECIAL";
                    /**
                     * @description The text in every locale, each 1..500 characters
                     * @example {
                     *       "en-US": "Business Lounge",
                     *       "ru-RU": "Бизнес-зал"
                     *     }
                     */
                    detail: {
                        "en-US": string;
                        "ru-RU": string;
                    };
                };
            }[];
            required_booking_info: ("Name" | "Email" | "Phone")[];
            policy: {
                age?: {
                    min_age?: number;
                    /**
                     * @description The text in every locale, each 1..500 characters
                     * @example {
                     *       "en-US": "Business Lounge",
                     *       "ru-RU": "Бизнес-зал"
                     *     }
                     */
                    notes?: {
                        "en-US": string;
                        "ru-RU": string;
                    };
                };
                stay?: {
                    /**
                     * @description ISO 8601 duration
                     * @example PT3H
                     */
                    max_duration: string;
                };
            };
            images: {
                /**
                 * Format: uuid
                 * @description An id answered by the image upload
                 */
                image_id: string;
                /** @description Smaller comes first */
                sort: number;
                /**
                 * @description Only enabled images reach partners
                 * @default true
                 */
                enabled: boolean;
                /**
                 * @description The text in every locale, each 1..500 characters
                 * @example {
                 *       "en-US": "Business Lounge",
                 *       "ru-RU": "Бизнес-зал"
                 *     }
                 */
                title?: {
                    "en-US": string;
                    "ru-RU": string;
                };
            }[];
            /** @default true */
            is_active: boolean;
            /** @description Rack prices per guest type, in the currency of the hub's country; partners see them less their discount */
            prices: components["schemas"]["GuestPrices"];
            /** @description As signposted */
            terminal?: string;
            /** @enum {string} */
            direction: "Departure" | "Arrival";
            /**
             * @description The text in every locale, each 1..2000 characters
             * @example {
             *       "en-US": "Business Lounge",
             *       "ru-RU": "Бизнес-зал"
             *     }
             */
            description: {
                "en-US": string;
                "ru-RU": string;
            };
        };
        TariffForm: {
            /**
             * @description The text in every locale, each 1..255 characters
             * @example {
             *       "en-US": "Business Lounge",
             *       "ru-RU": "Бизнес-зал"
             *     }
             */
            name: {
                "en-US": string;
                "ru-RU": string;
            };
            coverage: string[];
            data_mb: number;
            /** @description Days a package lasts from its first usage; an eSIM order's active_period must equal it, and orders take at most 3650. */
            validity_days: number;
            topup_allowed: boolean;
            price: {
                /**
                 * @description Decimal string in the major unit
                 * @example 9.99
                 */
                amount: string;
                currency: string;
            };
            /** @default true */
            is_active: boolean;
        };
        ImageUploadRequest: {
            /**
             * @description The Content-Type the file will be put with
             * @enum {string}
             */
            content_type: "image/png" | "image/jpeg" | "image/webp";
            /** @description The exact size of the file in bytes, at most 5242880 (5 MiB) */
            bytes: number;
        };
        ContractForm: {
            /** @description "all" (present and future) or the lounge ids */
            lounges: "all" | string[];
            fast_tracks: "all" | string[];
            tariffs: "all" | string[];
            /** @description Off every rack price, 0..100 with at most two decimals (default 0) */
            discount_percent?: number;
            /**
             * @description per_visit: charged at redemption; per_pass: charged at confirm (default per_visit)
             * @enum {string}
             */
            billing_basis?: "per_visit" | "per_pass";
            /** @description per_pass: hours after confirm a cancel costs nothing (default 24) */
            free_cancellation_hours?: number;
            /** @description per_pass: share of the price a later cancel costs (default 100) */
            cancellation_fee_percent?: number;
            /** @description per_visit: share of the price a confirmed pass expiring unused costs (default 0) */
            no_show_fee_percent?: number;
            /** @description Days after issue an eSIM may be refunded (default 30) */
            esim_refund_days?: number;
        };
        CreateWebhookRequest: {
            /**
             * @description HTTPS endpoint, no credentials or fragment; its host must resolve to public addresses only (private, loopback, link-local, CGNAT, IPv4-mapped and metadata addresses are refused).
             * @example https://partner.example.com/webhooks/travel
             */
            url: string;
            /** @description HMAC signing secret, 16..256 characters, chosen by the partner. Its UTF-8 bytes key both signatures, whatever it looks like (a `whsec_` one is not base64-decoded). Stored encrypted; never returned. Optional: when absent the service generates a `whsec_` secret and returns it once, in this answer. Not allowed with `signing: "ed25519"` (422). */
            secret?: string;
            /**
             * @description How deliveries are signed: `hmac-sha256` (a shared secret: `X-Webhook-Signature` and Standard Webhooks `v1`) or `ed25519` (a key pair the service makes: Standard Webhooks `v1a` only, verified with `public_key`).
             * @default hmac-sha256
             * @enum {string}
             */
            signing: "hmac-sha256" | "ed25519";
        };
        ChangeWebhookUrlRequest: {
            /**
             * @description HTTPS endpoint, no credentials or fragment; its host must resolve to public addresses only (private, loopback, link-local, CGNAT, IPv4-mapped and metadata addresses are refused).
             * @example https://partner.example.com/webhooks/travel
             */
            url: string;
        };
        RotateWebhookSecretRequest: {
            /** @description HMAC signing secret, 16..256 characters, chosen by the partner. Its UTF-8 bytes key both signatures, whatever it looks like (a `whsec_` one is not base64-decoded). Stored encrypted; never returned. Optional: when absent the service generates a `whsec_` secret and returns it once, in this answer. Not allowed with `signing: "ed25519"` (422). */
            secret?: string;
            /**
             * @description How long the previous secret keeps signing, 60 s to 30 days; default 60.
             * @default 60
             */
            grace_period_seconds: number;
        };
        DisableWebhookRequest: {
            /** @description For audit. */
            reason?: string;
        };
        RecoverWebhookRequest: {
            /**
             * Format: date-time
             * @description RFC 3339 time, at most 7 days ago: every event since then that was Skipped or Failed is sent again.
             * @example 2030-05-01T08:00:00Z
             */
            since: string;
        };
        EsimOrderRequest: {
            /**
             * Format: uuid
             * @description A tariff id of your eSIM catalog (GET /v2/catalog/esim/tariffs): active and in your contract, else 404 CatalogResourceNotFound.
             * @example d512d42b-de6f-5a7d-9145-b7f10a7d248f
             */
            package_template_id: string;
            /**
             * @description Days the package lasts from its first usage. Must equal the tariff's validity_days, else 422 naming this field.
             * @example 7
             */
            active_period: number;
            /**
             * @description Days the package may wait for its first usage before it expires unused: 1 to 365.
             * @example 30
             */
            validity_period: number;
        };
        EsimTopupRequest: {
            /**
             * Format: uuid
             * @description A tariff id of your eSIM catalog (GET /v2/catalog/esim/tariffs): active and in your contract, else 404 CatalogResourceNotFound.
             * @example d512d42b-de6f-5a7d-9145-b7f10a7d248f
             */
            package_template_id: string;
            /**
             * @description Days the package lasts from its first usage. Must equal the tariff's validity_days, else 422 naming this field.
             * @example 7
             */
            active_period: number;
            /**
             * @description Days the package may wait for its first usage before it expires unused: 1 to 365.
             * @example 30
             */
            validity_period: number;
        };
        EsimSettingsRequest: {
            /**
             * @description Percentages of a package's data (integers 1 to 99, distinct, at most 5; empty for none) at which esim.package.usage_threshold_reached is sent, once per package and threshold.
             * @example [
             *       50,
             *       90
             *     ]
             */
            usage_thresholds: number[];
        };
        EsimRefundRequest: {
            /** @description Why (a cancelled trip, ...), kept in the eSIM's history */
            reason: string;
        };
        EsimSuspensionRequest: {
            /** @description Why, kept in the eSIM's history (and an employee's audit log) */
            reason: string;
        };
        EsimPoolLoadRequest: {
            /** @description 1 to 1000 ICCIDs. One malformed ICCID refuses the whole request (422, each bad index named in details.errors) and nothing is loaded. */
            iccids: string[];
        };
        EsimResellerLinkRequest: {
            /**
             * @description The reseller's id at the eSIM supplier.
             * @example reseller-0042
             */
            reseller_id: string;
        };
        CreateVenueRequest: {
            name: string;
            /** @description Ids of lounges the venue operates of the published catalog */
            lounges: string[];
            /** @description Ids of fast-track lanes the venue operates of the published catalog */
            fast_tracks: string[];
        };
        VenueItemsRequest: {
            /** @description Ids of lounges of the published catalog */
            lounges: string[];
            /** @description Ids of fast-tracks of the published catalog */
            fast_tracks: string[];
        };
        RegisterDeviceRequest: {
            enrollment_code: string;
            name: string;
            public_jwk: components["schemas"]["DevicePublicJwk"];
        };
        DevicePublicJwk: {
            /** @constant */
            kty: "EC";
            /** @constant */
            crv: "P-256";
            x: string;
            y: string;
            /** @constant */
            alg?: "ES256";
            kid?: string;
            /** @constant */
            use?: "sig";
            ext?: boolean;
            key_ops?: "verify"[];
        };
        VerifyPassRequest: {
            /** @description The scanned QR payload of a pass (a compact JWS, see GET /.well-known/pass-keys.json). */
            qr: string;
        };
        RedeemPassRequest: {
            /** @description The scanned QR payload of a pass (a compact JWS, see GET /.well-known/pass-keys.json). */
            qr: string;
            /** @description 1 to the guests_count of the pass. */
            admitted_guests: number;
            /**
             * Format: date-time
             * @description When the pass was scanned, for scans made offline: at most 72 hours ago. Defaults to now.
             */
            scanned_at?: string;
        };
        AdjustmentRequest: {
            /**
             * @description Signed decimal string in the major unit, with the currency’s decimals
             * @example -12.50
             */
            amount: string;
            currency: string;
            description: string;
        };
        CancelOnBehalfRequest: {
            /** @description Why, for the audit log and the booking history */
            reason: string;
            /** @description true: the contract's cancellation fee is not charged for this cancel. */
            waive_fee: boolean;
        };
        TokenResponse: {
            access_token: string;
            /**
             * @description `DPoP` for venue devices: send the token as `Authorization: DPoP` with a fresh proof
             * @enum {string}
             */
            token_type: "Bearer" | "DPoP";
            expires_in: number;
            /** @description The granted scopes, space-separated (RFC 6749 section 5.1). */
            scope: string;
        };
        /** @description RFC 6749 section 5.2 error body. */
        OAuthError: {
            /** @enum {string} */
            error: "invalid_request" | "invalid_client" | "invalid_grant" | "unauthorized_client" | "unsupported_grant_type" | "invalid_scope" | "invalid_dpop_proof";
            error_description?: string;
        };
        /** @description RFC 9457 problem object (application/problem+json). */
        Problem: {
            /** @enum {string} */
            code: "Unauthorized" | "Forbidden" | "ResourceNotFound" | "RateLimitExceeded" | "InternalServerError" | "AlreadyCompanyMember" | "ValidationError" | "BookingNotFound" | "CatalogResourceNotFound" | "CatalogResourceConflict" | "PassNotReady" | "PassServiceTypeMismatch" | "BookingAlreadyConfirmed" | "BookingAlreadyCanceled" | "IdempotencyConflict" | "ContractAlreadyExists" | "WebhookNotFound" | "WebhookAlreadyExists" | "WebhookInvalidState" | "InternalError" | "ServiceUnavailable" | "AmenityResourceConflict" | "EsimNotFound" | "EsimPoolExhausted" | "EsimTopupUnavailable" | "EsimResellerAlreadyLinked" | "EsimInvalidState" | "EsimRefundUnavailable" | "EsimShareLinkExpired" | "AccountInvalidState" | "EmployeeInvalidState" | "ApplicationInvalidState" | "CertificateLimitReached" | "CertificateInvalidState" | "MethodNotAllowed" | "PayloadTooLarge" | "UnsupportedMediaType" | "WebhookRecoveryInProgress" | "VenueInvalidState" | "DeviceInvalidState" | "EnrollmentCodeInvalid" | "PassAlreadyUsed" | "PassCanceled" | "PassExpired" | "PassNotValidHere";
            title: string;
            status: number;
            /** Format: uri-reference */
            instance: string;
            detail?: string;
            details?: {
                [key: string]: unknown;
            };
            request_id?: string;
        };
        Jwks: {
            keys: components["schemas"]["PublicJwk"][];
        };
        PublicJwk: {
            /** @constant */
            kty: "EC";
            /** @constant */
            use: "sig";
            kid: string;
            /** @constant */
            alg: "ES256";
            /** @constant */
            crv: "P-256";
            x: string;
            y: string;
        };
        OpenidConfiguration: {
            issuer: string;
            authorization_endpoint?: string;
            token_endpoint: string;
            jwks_uri: string;
            grant_types_supported: string[];
            token_endpoint_auth_methods_supported: string[];
            id_token_signing_alg_values_supported: string[];
            token_endpoint_auth_signing_alg_values_supported?: string[];
            scopes_supported: string[];
            response_types_supported: string[];
            code_challenge_methods_supported?: string[];
        };
        CreatedAccount: {
            /** Format: uuid */
            account_id: string;
            name: string;
            /**
             * @description Operator accounts may hold applications with the identity (admin) scopes.
             * @enum {string}
             */
            kind: "partner" | "operator";
            /** @enum {string} */
            status: "Active" | "Disabled";
            plan: components["schemas"]["Plan"];
            certificate: components["schemas"]["CertificateSummary"];
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            updated_at: string;
            /** @description The mTLS client certificate (PEM), signed by the partner CA */
            certificate_pem: string;
        };
        CertificateSummary: {
            /** @description Hex serial of the mTLS client certificate */
            serial_number: string;
            fingerprint_sha256: string;
            subject: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            not_before: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            not_after: string;
        };
        Account: {
            /** Format: uuid */
            account_id: string;
            name: string;
            /**
             * @description Operator accounts may hold applications with the identity (admin) scopes.
             * @enum {string}
             */
            kind: "partner" | "operator";
            /** @enum {string} */
            status: "Active" | "Disabled";
            plan: components["schemas"]["Plan"];
            certificate: components["schemas"]["CertificateSummary"];
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            updated_at: string;
        };
        IssuedCertificate: {
            /** @description Hex serial of the mTLS client certificate (lower case) */
            serial_number: string;
            /** @description SHA-256 over the DER of the certificate, lower-case hex: what every call is matched by */
            fingerprint_sha256: string;
            subject: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            not_before: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            not_after: string;
            /** @enum {string} */
            status: "Active" | "Revoked";
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
            revoked_at: string | null;
            /** @description The mTLS client certificate (PEM), signed by the partner CA */
            certificate_pem: string;
        };
        CertificateList: {
            items: components["schemas"]["Certificate"][];
        };
        Certificate: {
            /** @description Hex serial of the mTLS client certificate (lower case) */
            serial_number: string;
            /** @description SHA-256 over the DER of the certificate, lower-case hex: what every call is matched by */
            fingerprint_sha256: string;
            subject: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            not_before: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            not_after: string;
            /** @enum {string} */
            status: "Active" | "Revoked";
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
            revoked_at: string | null;
        };
        ApplicationWithSecret: {
            client_id: string;
            /** Format: uuid */
            account_id: string;
            name: string;
            allowed_scopes: ("catalog.lounges:read" | "catalog.fast_tracks:read" | "catalog.esim:read" | "booking.lounges:write" | "booking.fast_tracks:write" | "esim:write" | "esim:read" | "webhooks" | "billing:read" | "events:read" | "identity.account:*" | "identity.application:*" | "admin.venues:write")[];
            /** @enum {string} */
            status: "Active" | "Disabled";
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            updated_at: string;
            secret_rotated_at: string | null;
            /** @description Shown once; only a keyed hash is stored. */
            client_secret: string;
        };
        Application: {
            client_id: string;
            /** Format: uuid */
            account_id: string;
            name: string;
            allowed_scopes: ("catalog.lounges:read" | "catalog.fast_tracks:read" | "catalog.esim:read" | "booking.lounges:write" | "booking.fast_tracks:write" | "esim:write" | "esim:read" | "webhooks" | "billing:read" | "events:read" | "identity.account:*" | "identity.application:*" | "admin.venues:write")[];
            /** @enum {string} */
            status: "Active" | "Disabled";
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            updated_at: string;
            secret_rotated_at: string | null;
        };
        AccountManager: {
            /** Format: uuid */
            account_id: string;
            employee_id: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            assigned_at: string;
            /** @description The employee who made the assignment */
            assigned_by: string;
        };
        AccountManagersPage: {
            data: components["schemas"]["AccountManager"][];
            next_cursor: string | null;
        };
        WebhookList: {
            data: components["schemas"]["Webhook"][];
            /** @description Always null: an account has at most one subscription. */
            next_cursor: null;
        };
        /** @description The webhook subscription; at most one per account. */
        Webhook: {
            /** Format: uuid */
            id: string;
            url: string;
            /** @enum {string} */
            status: "Active" | "Disabled";
            /** @description The reason given to disable, or why the service disabled it (410 Gone). */
            disabled_reason: string | null;
            /**
             * @description How deliveries are signed: `hmac-sha256` (a shared secret: `X-Webhook-Signature` and Standard Webhooks `v1`) or `ed25519` (a key pair the service makes: Standard Webhooks `v1a` only, verified with `public_key`).
             * @enum {string}
             */
            signing: "hmac-sha256" | "ed25519";
            /**
             * @description `signing: "ed25519"`: `whpk_<base64 of the raw 32-byte Ed25519 public key>` that verifies the `v1a` signatures (a new one after each rotation); null with HMAC.
             * @example whpk_Bz7nBSuR+Gw5y5hYqMDDN4+a1Bk1wX0mCNLnXPXkZ8I=
             */
            public_key: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            updated_at: string;
            secret_rotation: {
                /**
                 * Format: date-time
                 * @description Until then deliveries carry a second signature made with the previous secret or key.
                 */
                previous_secret_valid_until: string;
            } | null;
        };
        WebhookDeliveriesPage: {
            data: components["schemas"]["WebhookDelivery"][];
            next_cursor: string | null;
        };
        WebhookDelivery: {
            /** @description The delivery id: the id of its event */
            id: string;
            /**
             * @description Pending: not tried yet; Retrying: failed, tried again at next_attempt_at; Succeeded (2xx); Failed (retries spent, 410, or too large); Skipped (the subscription was disabled).
             * @enum {string}
             */
            status: "Pending" | "Retrying" | "Succeeded" | "Failed" | "Skipped";
            status_reason: string | null;
            event: components["schemas"]["WebhookEnvelope"];
            /** @description The latest 20 attempts, oldest first */
            attempts: components["schemas"]["WebhookDeliveryAttempt"][];
            attempt_counts: components["schemas"]["WebhookDeliveryAttemptCounts"];
            next_attempt_at: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            updated_at: string;
        };
        WebhookEnvelope: {
            /** @description Unique per event, the same on every attempt: dedupe on it. */
            id: string;
            /** @enum {string} */
            event: "booking.status.changed" | "pass.status.changed" | "esim.package.usage_threshold_reached" | "esim.package.exhausted" | "esim.package.expiring" | "esim.package.expired" | "esim.status.changed" | "esim.profile.status_changed" | "billing.statement.closed" | "webhook.ping";
            /**
             * Format: date-time
             * @description When the event happened.
             */
            timestamp: string;
            data: {
                [key: string]: unknown;
            };
        };
        WebhookDeliveryAttempt: {
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            attempted_at: string;
            /** @description The receiver's HTTP status; null when it never answered. */
            status_code: number | null;
            latency_ms: number;
            /** @description Timeout, connection refused, TLS failure, refused address, redirect not followed. */
            error: string | null;
        };
        /** @description Every attempt ever made, by outcome; `attempts` lists only the latest 20. */
        WebhookDeliveryAttemptCounts: {
            total: number;
            /** @description Answered 2xx */
            delivered: number;
            /** @description Answered another HTTP status */
            rejected: number;
            /** @description No answer: timeout, refused, TLS, refused address */
            unreachable: number;
        };
        AdminRedemptionsPage: {
            data: components["schemas"]["AdminRedemption"][];
            next_cursor: string | null;
        };
        AdminRedemption: {
            /** Format: uuid */
            redemption_id: string;
            /** Format: uuid */
            pass_id: string;
            /** Format: uuid */
            booking_id: string;
            /** @enum {string} */
            service_type: "Lounge" | "FastTrack";
            /** Format: uuid */
            item_id: string;
            /** Format: uuid */
            venue_id: string;
            device_id: string | null;
            admitted_guests: number;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            scanned_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            recorded_at: string;
            /** @enum {string} */
            status: "Accepted" | "Disputed";
            /** Format: uuid */
            account_id: string;
        };
        EmployeeRevocation: {
            employee_id: string;
            /** @enum {string} */
            status: "Revoked" | "Reinstated";
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            revoked_at: string;
            revoked_by: string;
            /** @description The reason given with the revocation */
            reason: string;
            reinstated_at: string | null;
            reinstated_by: string | null;
        };
        AuditLogPage: {
            data: components["schemas"]["AuditRecord"][];
            next_cursor: string | null;
        };
        AuditRecord: {
            /** Format: uuid */
            id: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            at: string;
            actor: {
                /** @enum {string} */
                type: "employee" | "application";
                /** @description Employee id or client_id; null for a login that named nobody */
                id: string | null;
                roles: string[];
            };
            /** @description The operation id (`createAccount`, `completeEmployeeLogin`, ...) */
            action: string;
            target: {
                type: string;
                id: string | null;
            };
            request_id: string | null;
            /** @enum {string} */
            outcome: "succeeded" | "refused";
            /** @description Refusals: `no_role`, `identity_provider` */
            reason: string | null;
            details: {
                [key: string]: unknown;
            };
        };
        BookingCreated: {
            /** Format: uuid */
            booking_id: string;
            /** @enum {string} */
            status: "Processing" | "Issued" | "Confirmed" | "Canceled" | "Expired";
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
            /** @description Each guest at your net price of its type, fixed when the booking was created; null for bookings made before prices existed */
            price: components["schemas"]["Money"] | null;
        };
        Money: {
            /**
             * @description A decimal string in the major unit with the currency's number of decimals
             * @example 59.07
             */
            amount: string;
            currency: string;
        };
        LoungeBookingsPage: {
            data: components["schemas"]["LoungeBooking"][];
            next_cursor: string | null;
        };
        LoungeBooking: {
            /** Format: uuid */
            booking_id: string;
            /** @enum {string} */
            status: "Processing" | "Issued" | "Confirmed" | "Canceled" | "Expired";
            /** @enum {string} */
            service_type: "Lounge" | "FastTrack";
            /** @description true once the pass exists (from Issued on). */
            pass_available: boolean;
            first_name: string | null;
            last_name: string | null;
            email: string | null;
            phone: string | null;
            calling_code: string | null;
            transport_number: string | null;
            guests: components["schemas"]["Guest"][];
            /** @description Confirm before this instant; set when the booking is Issued. */
            hold_expires_at: string | null;
            /** @description Each guest at your net price of its type, fixed when the booking was created; null for bookings made before prices existed */
            price: components["schemas"]["Money"] | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            updated_at: string;
            /** Format: uuid */
            lounge_id: string;
        };
        Pass: {
            /** Format: uuid */
            pass_id: string;
            /** Format: uuid */
            booking_id: string;
            /** @enum {string} */
            service_type: "Lounge" | "FastTrack";
            /** @enum {string} */
            status: "Issued" | "Active" | "Used" | "Canceled" | "Expired";
            guests_count: number;
            used_guests_count: number | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            valid_from: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            valid_until: string;
            /** @description The QR payload: a compact JWS (ES256) a scanner verifies offline against GET /.well-known/pass-keys.json. Present while the pass is Active or Used. */
            qr: string | null;
            /** @description The QR code of `qr` as an SVG document. */
            qr_svg: string | null;
            /** @description A Google Wallet save link (https://pay.google.com/gp/v/save/<JWT>) for the traveller; present while the pass is Active. */
            google_wallet_url: string | null;
        };
        FastTrackBookingsPage: {
            data: components["schemas"]["FastTrackBooking"][];
            next_cursor: string | null;
        };
        FastTrackBooking: {
            /** Format: uuid */
            booking_id: string;
            /** @enum {string} */
            status: "Processing" | "Issued" | "Confirmed" | "Canceled" | "Expired";
            /** @enum {string} */
            service_type: "Lounge" | "FastTrack";
            /** @description true once the pass exists (from Issued on). */
            pass_available: boolean;
            first_name: string | null;
            last_name: string | null;
            email: string | null;
            phone: string | null;
            calling_code: string | null;
            transport_number: string | null;
            guests: components["schemas"]["Guest"][];
            /** @description Confirm before this instant; set when the booking is Issued. */
            hold_expires_at: string | null;
            /** @description Each guest at your net price of its type, fixed when the booking was created; null for bookings made before prices existed */
            price: components["schemas"]["Money"] | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            updated_at: string;
            /** Format: uuid */
            fast_track_id: string;
        };
        LoungesPage: {
            data: components["schemas"]["Lounge"][];
            pagination: components["schemas"]["Pagination"];
        };
        Lounge: {
            /** Format: uuid */
            id: string;
            name: string;
            location: components["schemas"]["Location"];
            hub: components["schemas"]["TransportHub"];
            /** @description true: before passport control; false: airside */
            landside?: boolean;
            /** @enum {string} */
            airside_zone?: "International" | "Domestic" | "Any";
            /** @default false */
            is_arrival_available: boolean;
            amenities: components["schemas"]["Amenity"][];
            business_hours: components["schemas"]["BusinessDay"][];
            /** @default true */
            is_active: boolean;
            policy: components["schemas"]["LoungePolicy"];
            required_booking_info: ("Name" | "Email" | "Phone")[];
            images: components["schemas"]["Image"][];
            direction_info: string;
            /** @description Your net price per guest: the rack price less your contract's discount. Absent while the item has no price. */
            price?: components["schemas"]["GuestPrices"];
        };
        Location: {
            city: string;
            /**
             * @description ISO 3166-1 alpha-2
             * @example RU
             */
            country: string;
            /** @enum {string} */
            continent: "Europe" | "Asia" | "Africa" | "NorthAmerica" | "SouthAmerica" | "Oceania" | "Antarctica";
            coordinates: components["schemas"]["GeoPoint"];
        };
        GeoPoint: {
            /**
             * Format: double
             * @description WGS-84
             */
            latitude: number;
            /**
             * Format: double
             * @description WGS-84
             */
            longitude: number;
        };
        TransportHub: {
            /** Format: uuid */
            id: string;
            location: components["schemas"]["Location"];
            /** @example Europe/Moscow */
            timezone?: string;
            /** @enum {string} */
            kind: "Airport" | "Railway";
            name: string;
            meta?: components["schemas"]["AirportMeta"] | components["schemas"]["RailwayMeta"];
        };
        AirportMeta: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "Airport";
            iata: string;
            icao: string;
        };
        RailwayMeta: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            kind: "Railway";
            uic?: string;
            esr?: string;
        };
        Amenity: {
            id: string;
            name: string;
            is_free: boolean;
        };
        BusinessDay: {
            /** @description 1 = Monday, 7 = Sunday */
            day: number;
            times: {
                /** @constant */
                type: "STANDARD";
                /** @example 05:00-13:00,14:00-24:00 */
                detail: string;
            } | {
                /** @constant */
                type: "SPECIAL";
                /** @description Free text */
                detail: string;
            };
        };
        LoungePolicy: {
            age?: {
                min_age?: number;
                notes?: string;
            };
            stay?: {
                /**
                 * @description ISO 8601 duration
                 * @example PT3H
                 */
                max_duration: string;
            };
        };
        Image: {
            /**
             * Format: uri
             * @description Absolute URL of GET /v2/images/{id} on this API
             */
            url: string;
            /** @description Smaller comes first */
            sort: number;
            title?: string;
        };
        Pagination: {
            /** @description Records in this page */
            count: number;
            offset: number;
            /** @description All matching records */
            total: number;
        };
        FastTracksPage: {
            data: components["schemas"]["FastTrack"][];
            pagination: components["schemas"]["Pagination"];
        };
        FastTrack: {
            /** Format: uuid */
            id: string;
            name: string;
            hub: components["schemas"]["TransportHub"];
            /** @description Terminal the lane serves, as signposted */
            terminal?: string;
            /** @enum {string} */
            direction: "Departure" | "Arrival";
            location: components["schemas"]["Location"];
            business_hours: components["schemas"]["BusinessDay"][];
            required_booking_info: ("Name" | "Email" | "Phone")[];
            policy: components["schemas"]["LoungePolicy"];
            images: components["schemas"]["Image"][];
            /** @default true */
            is_active: boolean;
            description: string;
            /** @description Your net price per guest: the rack price less your contract's discount. Absent while the item has no price. */
            price?: components["schemas"]["GuestPrices"];
        };
        EsimTariffsPage: {
            data: components["schemas"]["EsimTariff"][];
            pagination: components["schemas"]["Pagination"];
        };
        EsimTariff: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description Countries where the package works */
            coverage: string[];
            data_mb: number;
            validity_days: number;
            topup_allowed: boolean;
            price: components["schemas"]["Price"];
        };
        Price: {
            /**
             * @description Decimal string in the major unit, so no precision is lost
             * @example 9.99
             */
            amount: string;
            currency: string;
        };
        AdminLounge: {
            /**
             * Format: uuid
             * @description The hub (airport, station) the service belongs to
             */
            hub_id: string;
            /**
             * @description The text in every locale, each 1..255 characters
             * @example {
             *       "en-US": "Business Lounge",
             *       "ru-RU": "Бизнес-зал"
             *     }
             */
            name: {
                "en-US": string;
                "ru-RU": string;
            };
            /** @description The service's own position; the hub's when absent */
            coordinates?: {
                /**
                 * Format: double
                 * @description WGS-84
                 */
                latitude: number;
                /**
                 * Format: double
                 * @description WGS-84
                 */
                longitude: number;
            };
            business_hours: {
                /** @description 1 = Monday, 7 = Sunday */
                day: number;
                times: {
                    /** @constant */
                    type: "STANDARD";
                    /** @example 05:00-13:00,14:00-24:00 */
                    detail: string;
                } | {
                    /** @constant */
                    type: "SPECIAL";
                    /**
                     * @description The text in every locale, each 1..500 characters
                     * @example {
                     *       "en-US": "Business Lounge",
                     *       "ru-RU": "Бизнес-зал"
                     *     }
                     */
                    detail: {
                        "en-US": string;
                        "ru-RU": string;
                    };
                };
            }[];
            required_booking_info: ("Name" | "Email" | "Phone")[];
            policy: {
                age?: {
                    min_age?: number;
                    /**
                     * @description The text in every locale, each 1..500 characters
                     * @example {
                     *       "en-US": "Business Lounge",
                     *       "ru-RU": "Бизнес-зал"
                     *     }
                     */
                    notes?: {
                        "en-US": string;
                        "ru-RU": string;
                    };
                };
                stay?: {
                    /**
                     * @description ISO 8601 duration
                     * @example PT3H
                     */
                    max_duration: string;
                };
            };
            images: {
                /**
                 * Format: uuid
                 * @description An id answered by the image upload
                 */
                image_id: string;
                /** @description Smaller comes first */
                sort: number;
                /**
                 * @description Only enabled images reach partners
                 * @default true
                 */
                enabled: boolean;
                /**
                 * @description The text in every locale, each 1..500 characters
                 * @example {
                 *       "en-US": "Business Lounge",
                 *       "ru-RU": "Бизнес-зал"
                 *     }
                 */
                title?: {
                    "en-US": string;
                    "ru-RU": string;
                };
            }[];
            /** @default true */
            is_active: boolean;
            prices?: components["schemas"]["GuestPrices"];
            /** @description true: before passport control; false: airside */
            landside?: boolean;
            /**
             * @description Only with landside false
             * @enum {string}
             */
            airside_zone?: "International" | "Domestic" | "Any";
            /** @default false */
            is_arrival_available: boolean;
            /** @description Every amenity the lounge offers */
            amenity_ids: string[];
            /**
             * @description The amenities of amenity_ids that are not free here
             * @default []
             */
            paid_amenity_ids: string[];
            /**
             * @description The text in every locale, each 1..2000 characters
             * @example {
             *       "en-US": "Business Lounge",
             *       "ru-RU": "Бизнес-зал"
             *     }
             */
            direction_info: {
                "en-US": string;
                "ru-RU": string;
            };
            /** Format: uuid */
            id: string;
        };
        AdminFastTrack: {
            /**
             * Format: uuid
             * @description The hub (airport, station) the service belongs to
             */
            hub_id: string;
            /**
             * @description The text in every locale, each 1..255 characters
             * @example {
             *       "en-US": "Business Lounge",
             *       "ru-RU": "Бизнес-зал"
             *     }
             */
            name: {
                "en-US": string;
                "ru-RU": string;
            };
            /** @description The service's own position; the hub's when absent */
            coordinates?: {
                /**
                 * Format: double
                 * @description WGS-84
                 */
                latitude: number;
                /**
                 * Format: double
                 * @description WGS-84
                 */
                longitude: number;
            };
            business_hours: {
                /** @description 1 = Monday, 7 = Sunday */
                day: number;
                times: {
                    /** @constant */
                    type: "STANDARD";
                    /** @example 05:00-13:00,14:00-24:00 */
                    detail: string;
                } | {
                    /** @constant */
                    type: "SPECIAL";
                    /**
                     * @description The text in every locale, each 1..500 characters
                     * @example {
                     *       "en-US": "Business Lounge",
                     *       "ru-RU": "Бизнес-зал"
                     *     }
                     */
                    detail: {
                        "en-US": string;
                        "ru-RU": string;
                    };
                };
            }[];
            required_booking_info: ("Name" | "Email" | "Phone")[];
            policy: {
                age?: {
                    min_age?: number;
                    /**
                     * @description The text in every locale, each 1..500 characters
                     * @example {
                     *       "en-US": "Business Lounge",
                     *       "ru-RU": "Бизнес-зал"
                     *     }
                     */
                    notes?: {
                        "en-US": string;
                        "ru-RU": string;
                    };
                };
                stay?: {
                    /**
                     * @description ISO 8601 duration
                     * @example PT3H
                     */
                    max_duration: string;
                };
            };
            images: {
                /**
                 * Format: uuid
                 * @description An id answered by the image upload
                 */
                image_id: string;
                /** @description Smaller comes first */
                sort: number;
                /**
                 * @description Only enabled images reach partners
                 * @default true
                 */
                enabled: boolean;
                /**
                 * @description The text in every locale, each 1..500 characters
                 * @example {
                 *       "en-US": "Business Lounge",
                 *       "ru-RU": "Бизнес-зал"
                 *     }
                 */
                title?: {
                    "en-US": string;
                    "ru-RU": string;
                };
            }[];
            /** @default true */
            is_active: boolean;
            prices?: components["schemas"]["GuestPrices"];
            /** @description As signposted */
            terminal?: string;
            /** @enum {string} */
            direction: "Departure" | "Arrival";
            /**
             * @description The text in every locale, each 1..2000 characters
             * @example {
             *       "en-US": "Business Lounge",
             *       "ru-RU": "Бизнес-зал"
             *     }
             */
            description: {
                "en-US": string;
                "ru-RU": string;
            };
            /** Format: uuid */
            id: string;
        };
        AdminEsimTariff: {
            /**
             * @description The text in every locale, each 1..255 characters
             * @example {
             *       "en-US": "Business Lounge",
             *       "ru-RU": "Бизнес-зал"
             *     }
             */
            name: {
                "en-US": string;
                "ru-RU": string;
            };
            coverage: string[];
            data_mb: number;
            /** @description Days a package lasts from its first usage; an eSIM order's active_period must equal it, and orders take at most 3650. */
            validity_days: number;
            topup_allowed: boolean;
            price: {
                /**
                 * @description Decimal string in the major unit
                 * @example 9.99
                 */
                amount: string;
                currency: string;
            };
            /** @default true */
            is_active: boolean;
            /** Format: uuid */
            id: string;
        };
        AdminHub: {
            /** @enum {string} */
            kind: "Airport" | "Railway";
            /**
             * @description The text in every locale, each 1..255 characters
             * @example {
             *       "en-US": "Business Lounge",
             *       "ru-RU": "Бизнес-зал"
             *     }
             */
            name: {
                "en-US": string;
                "ru-RU": string;
            };
            /**
             * @description The text in every locale, each 1..100 characters
             * @example {
             *       "en-US": "Business Lounge",
             *       "ru-RU": "Бизнес-зал"
             *     }
             */
            city: {
                "en-US": string;
                "ru-RU": string;
            };
            /**
             * @description ISO 3166-1 alpha-2
             * @example RU
             */
            country: string;
            /** @enum {string} */
            continent: "Europe" | "Asia" | "Africa" | "NorthAmerica" | "SouthAmerica" | "Oceania" | "Antarctica";
            coordinates: {
                /**
                 * Format: double
                 * @description WGS-84
                 */
                latitude: number;
                /**
                 * Format: double
                 * @description WGS-84
                 */
                longitude: number;
            };
            /** @example Europe/Moscow */
            timezone: string;
            meta: {
                /** @constant */
                kind: "Airport";
                iata: string;
                icao: string;
            } | {
                /** @constant */
                kind: "Railway";
                uic?: string;
                esr?: string;
            };
            /**
             * @description An inactive hub hides its lounges and fast-tracks from partners
             * @default true
             */
            is_active: boolean;
            /** Format: uuid */
            id: string;
        };
        AdminAmenity: {
            /**
             * @description The text in every locale, each 1..100 characters
             * @example {
             *       "en-US": "Business Lounge",
             *       "ru-RU": "Бизнес-зал"
             *     }
             */
            name: {
                "en-US": string;
                "ru-RU": string;
            };
            /**
             * @description An inactive amenity leaves every lounge's list
             * @default true
             */
            is_active: boolean;
            /** @example wifi */
            id: string;
        };
        UploadedImage: {
            /**
             * Format: uuid
             * @description Derived from the SHA-256: the same bytes always get the same id
             */
            image_id: string;
            /** @enum {string} */
            content_type: "image/png" | "image/jpeg" | "image/webp";
            bytes: number;
            width: number;
            height: number;
            sha256: string;
        };
        ImageUploadGrant: {
            /** Format: uuid */
            upload_id: string;
            /** @constant */
            method: "PUT";
            /** @description Presigned: PUT the file here, with exactly `headers`, before `expires_at` */
            url: string;
            /** @description Headers the PUT must carry: Content-Type and Content-Length, as granted */
            headers: {
                [key: string]: string;
            };
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            expires_at: string;
            /** @description POST here (no body) once the file is put: the answer is the image, as a direct upload gives */
            complete_url: string;
        };
        CatalogDraft: {
            published_version: string | null;
            published_at: string | null;
            /** @description Grows with every change of the draft */
            revision: number;
            /** @description The last change of the draft */
            updated_at: string | null;
            /** @description Publishing now would change the catalog */
            has_changes: boolean;
            counts: {
                hubs: {
                    total: number;
                    active: number;
                };
                amenities: {
                    total: number;
                    active: number;
                };
                lounges: {
                    total: number;
                    active: number;
                };
                fast_tracks: {
                    total: number;
                    active: number;
                };
                tariffs: {
                    total: number;
                    active: number;
                };
            };
        };
        CatalogDiff: {
            published_version: string | null;
            has_changes: boolean;
            added: {
                /** @enum {string} */
                type: "hub" | "amenity" | "lounge" | "fast_track" | "tariff";
                id: string;
                name: {
                    "en-US": string;
                    "ru-RU": string;
                };
            }[];
            changed: {
                /** @enum {string} */
                type: "hub" | "amenity" | "lounge" | "fast_track" | "tariff";
                id: string;
                name: {
                    "en-US": string;
                    "ru-RU": string;
                };
                fields: {
                    /** @description Dotted path into the admin form, e.g. `name.ru-RU` */
                    path: string;
                    /** @description Absent: the field was not set */
                    before?: unknown;
                    /** @description Absent: the field is no longer set */
                    after?: unknown;
                }[];
            }[];
            deactivated: {
                /** @enum {string} */
                type: "hub" | "amenity" | "lounge" | "fast_track" | "tariff";
                id: string;
                name: {
                    "en-US": string;
                    "ru-RU": string;
                };
                fields: {
                    /** @description Dotted path into the admin form, e.g. `name.ru-RU` */
                    path: string;
                    /** @description Absent: the field was not set */
                    before?: unknown;
                    /** @description Absent: the field is no longer set */
                    after?: unknown;
                }[];
            }[];
            removed: {
                /** @enum {string} */
                type: "hub" | "amenity" | "lounge" | "fast_track" | "tariff";
                id: string;
                name: {
                    "en-US": string;
                    "ru-RU": string;
                };
            }[];
        };
        CatalogPublication: {
            version: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            published_at: string;
            /** @description false: the draft was already published; nothing moved */
            changed: boolean;
            previous_version: string | null;
            /** @description What this publication changed (all zero when nothing moved) */
            items: {
                added: number;
                changed: number;
                deactivated: number;
                removed: number;
            };
        };
        /** @description The billing terms as they apply: those the contract leaves out at their defaults */
        CatalogContract: {
            /** Format: uuid */
            account_id: string;
            lounges: "all" | string[];
            fast_tracks: "all" | string[];
            tariffs: "all" | string[];
            discount_percent: number;
            /** @enum {string} */
            billing_basis: "per_visit" | "per_pass";
            free_cancellation_hours: number;
            cancellation_fee_percent: number;
            no_show_fee_percent: number;
            esim_refund_days: number;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            updated_at: string;
        };
        /** @description The subscription, with the secret the service generated when none was given (this once). */
        WebhookWithSecret: {
            /** Format: uuid */
            id: string;
            url: string;
            /** @enum {string} */
            status: "Active" | "Disabled";
            /** @description The reason given to disable, or why the service disabled it (410 Gone). */
            disabled_reason: string | null;
            /**
             * @description How deliveries are signed: `hmac-sha256` (a shared secret: `X-Webhook-Signature` and Standard Webhooks `v1`) or `ed25519` (a key pair the service makes: Standard Webhooks `v1a` only, verified with `public_key`).
             * @enum {string}
             */
            signing: "hmac-sha256" | "ed25519";
            /**
             * @description `signing: "ed25519"`: `whpk_<base64 of the raw 32-byte Ed25519 public key>` that verifies the `v1a` signatures (a new one after each rotation); null with HMAC.
             * @example whpk_Bz7nBSuR+Gw5y5hYqMDDN4+a1Bk1wX0mCNLnXPXkZ8I=
             */
            public_key: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            updated_at: string;
            secret_rotation: {
                /**
                 * Format: date-time
                 * @description Until then deliveries carry a second signature made with the previous secret or key.
                 */
                previous_secret_valid_until: string;
            } | null;
            /**
             * @description Only in the answer that generated it (a create or rotation without `secret`): the `whsec_` secret, keyed as Standard Webhooks libraries read it: the HMACs use its base64-decoded 32 bytes, so `new Webhook(secret)` verifies. It is never shown again.
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwFCc1VbDx6Ww=
             */
            secret?: string;
        };
        WebhookPingAccepted: {
            /** @description The id of the `webhook.ping` event (and of its delivery) */
            id: string;
            /** @constant */
            event: "webhook.ping";
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            timestamp: string;
        };
        WebhookRecovery: {
            /**
             * Format: uuid
             * @description The recovery id
             */
            id: string;
            /**
             * @description Completed at once when there was nothing to send; a recovery runs one at a time.
             * @enum {string}
             */
            status: "Running" | "Completed";
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            since: string;
            /**
             * Format: date-time
             * @description Events up to this time were looked at
             */
            until: string;
            /** @description Events sent again, oldest first, each once */
            event_count: number;
            /** @description More Skipped or Failed events may follow `until` (at most 500 per recovery): recover again with `since` = `until` once this recovery has completed. */
            truncated: boolean;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            started_at: string;
        };
        EsimOrder: {
            /** Format: uuid */
            order_id: string;
            /**
             * @description Pending until confirmed (it holds no ICCID meanwhile), then Confirmed.
             * @enum {string}
             */
            status: "Pending" | "Confirmed";
            /** Format: uuid */
            package_template_id: string;
            active_period: number;
            validity_period: number;
            /** @description The tariff's price when the order was made. */
            price: components["schemas"]["Price"];
            /** @description The eSIM issued by the confirm; null while Pending. */
            iccid: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            updated_at: string;
        };
        EsimsPage: {
            data: components["schemas"]["EsimSummary"][];
            next_cursor: string | null;
        };
        EsimSummary: {
            iccid: string;
            /**
             * @description Refunded once refunded (for good), Suspended while suspended; otherwise the status of its current package (the Active one, else the oldest NotActive one); with none left, Exhausted while a package is, else Expired.
             * @enum {string}
             */
            status: "NotActive" | "Active" | "Exhausted" | "Expired" | "Suspended" | "Refunded";
            /** Format: uuid */
            order_id: string;
            /** @description Oldest first: the ordered package, then top-ups. */
            packages: components["schemas"]["EsimPackage"][];
            profile: components["schemas"]["EsimProfile"];
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            updated_at: string;
            activation: components["schemas"]["EsimActivationSummary"];
        };
        EsimPackage: {
            /** Format: uuid */
            package_id: string;
            /** Format: uuid */
            package_template_id: string;
            /**
             * @description NotActive until its first usage, Active while data remains, Exhausted when all is used, Expired once expires_at has passed (shown as soon as it passes, recorded within a minute).
             * @enum {string}
             */
            status: "NotActive" | "Active" | "Exhausted" | "Expired";
            data_mb: number;
            used_mb: number;
            remaining_mb: number;
            /**
             * Format: date-time
             * @description When used_mb was last reported; issue time before any usage.
             */
            usage_as_of: string;
            active_period: number;
            validity_period: number;
            /** @description The first usage; null while NotActive. */
            activated_at: string | null;
            /**
             * Format: date-time
             * @description While NotActive: issue time + validity_period days. Once activated: activation time + active_period days.
             */
            expires_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
        };
        EsimProfile: {
            /**
             * @description The profile on the phone as the SM-DP+ reports it: Released (waiting for its download) until the first report, then Downloaded, Installed, Enabled, Disabled or Deleted.
             * @enum {string}
             */
            state: "Released" | "Downloaded" | "Installed" | "Enabled" | "Disabled" | "Deleted";
            /** @description The eUICC (32 digits) the profile was downloaded to; null until the SM-DP+ names it. */
            eid: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            updated_at: string;
        };
        /** @description Activation data without the rendered QR code: read the eSIM for qr_svg, or render `lpa`. */
        EsimActivationSummary: {
            /**
             * @description GSMA SGP.22 activation code `LPA:1$<smdp_address>$<matching_id>`: what the QR code encodes.
             * @example LPA:1$smdp.local.partner-travel.example.com$4K7QX-2M9PB-ZT3NC-8RWHD
             */
            lpa: string;
            /** @description The SM-DP+ server the phone downloads the profile from. */
            smdp_address: string;
            /** @description The activation code the profile is reserved under (upper-case letters, digits, dashes). */
            matching_id: string;
            /**
             * Format: uri
             * @description Apple's one-tap install link (iOS 17.4+): https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=<lpa, URL-encoded>.
             */
            ios_install_url: string;
            /** @description A link to send the traveller: a phone page with the QR code, the install button for the phone's platform, the steps, the data left and your display name, in English or Russian. Signed, valid until the end of the UTC day 30 days after this answer (the same link all day); an expired or altered link shows no data. Null on a stage without the page. */
            share_url: string | null;
        };
        Esim: {
            iccid: string;
            /**
             * @description Refunded once refunded (for good), Suspended while suspended; otherwise the status of its current package (the Active one, else the oldest NotActive one); with none left, Exhausted while a package is, else Expired.
             * @enum {string}
             */
            status: "NotActive" | "Active" | "Exhausted" | "Expired" | "Suspended" | "Refunded";
            /** Format: uuid */
            order_id: string;
            /** @description Oldest first: the ordered package, then top-ups. */
            packages: components["schemas"]["EsimPackage"][];
            profile: components["schemas"]["EsimProfile"];
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            updated_at: string;
            activation: components["schemas"]["EsimActivation"];
        };
        EsimActivation: {
            /**
             * @description GSMA SGP.22 activation code `LPA:1$<smdp_address>$<matching_id>`: what the QR code encodes.
             * @example LPA:1$smdp.local.partner-travel.example.com$4K7QX-2M9PB-ZT3NC-8RWHD
             */
            lpa: string;
            /** @description The SM-DP+ server the phone downloads the profile from. */
            smdp_address: string;
            /** @description The activation code the profile is reserved under (upper-case letters, digits, dashes). */
            matching_id: string;
            /**
             * Format: uri
             * @description Apple's one-tap install link (iOS 17.4+): https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=<lpa, URL-encoded>.
             */
            ios_install_url: string;
            /** @description A link to send the traveller: a phone page with the QR code, the install button for the phone's platform, the steps, the data left and your display name, in English or Russian. Signed, valid until the end of the UTC day 30 days after this answer (the same link all day); an expired or altered link shows no data. Null on a stage without the page. */
            share_url: string | null;
            /** @description The QR code of `lpa`, an SVG document. */
            qr_svg: string;
        };
        EsimInstall: {
            /** @enum {string} */
            platform: "ios" | "android";
            /**
             * Format: uri
             * @description The platform's one-tap install link: https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=<lpa, URL-encoded> (iOS 17.4+) or https://esimsetup.android.com/esim_qrcode_provisioning?carddata=<lpa, URL-encoded> (Android 10+). Open it on the phone itself, in its browser.
             */
            install_url: string;
            /** @description What the traveller does, in order, in the Accept-Language (en-US or ru-RU). */
            steps: string[];
            manual: components["schemas"]["EsimInstallManual"];
        };
        EsimInstallManual: {
            /** @description The SM-DP+ address, for entering the eSIM by hand. */
            smdp_address: string;
            /** @description The activation code (the matching id) the phone's manual entry asks for with the address. */
            activation_code: string;
        };
        EsimTopupOffers: {
            data: components["schemas"]["EsimTariff"][];
        };
        EsimSettings: {
            /**
             * @description Ascending. [80] while you have set none.
             * @example [
             *       50,
             *       90
             *     ]
             */
            usage_thresholds: number[];
            /** @description When they were last set; null while you have set none. */
            updated_at: string | null;
        };
        EsimPoolLoad: {
            /** Format: uuid */
            account_id: string;
            /** @description ICCIDs new to the pool. */
            added: number;
            /** @description ICCIDs the account already had (waiting or issued) or listed twice. */
            already_present: number;
        };
        EsimPool: {
            /** Format: uuid */
            account_id: string;
            /** @description ICCIDs waiting to be issued. */
            available: number;
            /** @description eSIMs issued from the pool. */
            issued: number;
            /** @description The linked reseller; null when none is. */
            reseller_id: string | null;
        };
        EsimResellerLink: {
            /** Format: uuid */
            account_id: string;
            reseller_id: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            linked_at: string;
        };
        RateLimitStatus: {
            plan: components["schemas"]["Plan"];
            /** @description Requests per second that refill the burst */
            rate: number;
            /** @description The most requests at once */
            burst: number;
            /** @description Requests per UTC day */
            daily_quota: number;
            policies: components["schemas"]["RateLimitPolicyStatus"][];
        };
        RateLimitPolicyStatus: {
            /**
             * @description As named in the RateLimit-Policy header
             * @enum {string}
             */
            policy: "burst" | "daily";
            /** @description q: requests the policy allows per window */
            quota: number;
            /** @description w: the window in seconds */
            window_seconds: number;
            /** @description r: requests left now; null where unknown: the burst in AWS (the gateway does not tell), the day when its count cannot be read */
            remaining: number | null;
            /** @description t: seconds until more becomes available; null where unknown */
            reset_seconds: number | null;
        };
        RequestLogPage: {
            data: components["schemas"]["RequestRecord"][];
            next_cursor: string | null;
        };
        RequestRecord: {
            /** @description The X-Request-ID the answer carried */
            request_id: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            received_at: string;
            method: string;
            /** @description The request path, without the query string */
            path: string;
            operation_id: string;
            status: number;
            /** @description The problem's `code` when the answer was an error, otherwise null */
            code: string | null;
            /** @description Time spent in the function, in milliseconds (the gateway adds its own) */
            duration_ms: number;
            /** @description The application that called */
            client_id: string;
            idempotency_status: ("created" | "reused") | null;
        };
        Venue: {
            /** Format: uuid */
            venue_id: string;
            name: string;
            lounges: string[];
            fast_tracks: string[];
            /** @enum {string} */
            status: "Active" | "Disabled";
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            updated_at: string;
        };
        EnrollmentCode: {
            /**
             * @description Shown once; enrolls one device into the venue until `expires_at` (24 h). Only its hash is stored.
             * @example 7K2QD-M9XPA-4RTWB-0HC3V
             */
            enrollment_code: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            expires_at: string;
        };
        VenueDevice: {
            /** Format: uuid */
            device_id: string;
            /** Format: uuid */
            venue_id: string;
            name: string;
            /** @enum {string} */
            status: "Active" | "Disabled";
            /** @description RFC 7638 SHA-256 thumbprint of the device key */
            jwk_thumbprint: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            updated_at: string;
        };
        Device: {
            /** Format: uuid */
            device_id: string;
            /** Format: uuid */
            venue_id: string;
            name: string;
            /** @enum {string} */
            status: "Active" | "Disabled";
        };
        VenueItems: {
            /** Format: uuid */
            venue_id: string;
            name: string;
            lounges: string[];
            fast_tracks: string[];
        };
        PassAtTheDoor: {
            /** Format: uuid */
            pass_id: string;
            /** Format: uuid */
            booking_id: string;
            /** @enum {string} */
            service_type: "Lounge" | "FastTrack";
            /** Format: uuid */
            item_id: string;
            /** @enum {string} */
            status: "Issued" | "Active" | "Used" | "Canceled" | "Expired";
            guests_count: number;
            used_guests_count: number | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            valid_from: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            valid_until: string;
            transport_number: string | null;
            guests: {
                first_name: string;
                last_name: string;
                /** @enum {string} */
                type: "Adult" | "Child" | "Infant";
                lead: boolean;
            }[];
            redeemable: boolean;
            /** @description The code a redemption would be refused with now; null when it would be accepted. */
            refusal: ("PassNotReady" | "PassAlreadyUsed" | "PassCanceled" | "PassExpired") | null;
        };
        Redemption: {
            /** Format: uuid */
            redemption_id: string;
            /** Format: uuid */
            pass_id: string;
            /** Format: uuid */
            booking_id: string;
            /** @enum {string} */
            service_type: "Lounge" | "FastTrack";
            /** Format: uuid */
            item_id: string;
            /** Format: uuid */
            venue_id: string;
            device_id: string | null;
            admitted_guests: number;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            scanned_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            recorded_at: string;
            /** @enum {string} */
            status: "Accepted" | "Disputed";
        };
        RedemptionsPage: {
            data: components["schemas"]["Redemption"][];
            next_cursor: string | null;
        };
        Statement: {
            /**
             * @description A UTC month, `YYYY-MM`
             * @example 2026-11
             */
            period: string;
            /** @enum {string} */
            status: "Open" | "Closed";
            /** @description Per currency: the sum of the lines and their count */
            totals: {
                currency: string;
                /**
                 * @description Signed decimal string in the major unit, with the currency’s decimals
                 * @example -12.50
                 */
                amount: string;
                line_count: number;
            }[];
            closed_at: string | null;
        };
        /** @description One chargeable event; immutable. References appear where they apply. */
        LedgerLine: {
            /** Format: uuid */
            line_id: string;
            /**
             * @description A UTC month, `YYYY-MM`
             * @example 2026-11
             */
            period: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            occurred_at: string;
            /** @enum {string} */
            kind: "visit" | "no_show" | "pass" | "cancellation_credit" | "cancellation_fee" | "esim" | "esim_topup" | "esim_refund" | "adjustment";
            description: string;
            /**
             * @description Signed decimal string in the major unit, with the currency’s decimals
             * @example -12.50
             */
            amount: string;
            currency: string;
            /** Format: uuid */
            booking_id?: string;
            /** Format: uuid */
            pass_id?: string;
            /** Format: uuid */
            redemption_id?: string;
            iccid?: string;
            /** Format: uuid */
            order_id?: string;
            /** Format: uuid */
            package_id?: string;
        };
        AccountStatement: {
            /** Format: uuid */
            account_id: string;
            /**
             * @description A UTC month, `YYYY-MM`
             * @example 2026-11
             */
            period: string;
            /** @enum {string} */
            status: "Open" | "Closed";
            /** @description Per currency: the sum of the lines and their count */
            totals: {
                currency: string;
                /**
                 * @description Signed decimal string in the major unit, with the currency’s decimals
                 * @example -12.50
                 */
                amount: string;
                line_count: number;
            }[];
            closed_at: string | null;
        };
        AdminBookingsPage: {
            data: components["schemas"]["AdminBooking"][];
            next_cursor: string | null;
        };
        AdminBooking: {
            /** Format: uuid */
            booking_id: string;
            /** @enum {string} */
            status: "Processing" | "Issued" | "Confirmed" | "Canceled" | "Expired";
            /** @enum {string} */
            service_type: "Lounge" | "FastTrack";
            /** @description true once the pass exists (from Issued on). */
            pass_available: boolean;
            first_name: string | null;
            last_name: string | null;
            email: string | null;
            phone: string | null;
            calling_code: string | null;
            transport_number: string | null;
            guests: components["schemas"]["Guest"][];
            /** @description Confirm before this instant; set when the booking is Issued. */
            hold_expires_at: string | null;
            /** @description Each guest at your net price of its type, fixed when the booking was created; null for bookings made before prices existed */
            price: components["schemas"]["Money"] | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            updated_at: string;
            /** Format: uuid */
            account_id: string;
            /** Format: uuid */
            service_id: string;
            /** Format: uuid */
            lounge_id?: string;
            /** Format: uuid */
            fast_track_id?: string;
        };
        AdminBookingDetail: {
            /** Format: uuid */
            booking_id: string;
            /** @enum {string} */
            status: "Processing" | "Issued" | "Confirmed" | "Canceled" | "Expired";
            /** @enum {string} */
            service_type: "Lounge" | "FastTrack";
            /** @description true once the pass exists (from Issued on). */
            pass_available: boolean;
            first_name: string | null;
            last_name: string | null;
            email: string | null;
            phone: string | null;
            calling_code: string | null;
            transport_number: string | null;
            guests: components["schemas"]["Guest"][];
            /** @description Confirm before this instant; set when the booking is Issued. */
            hold_expires_at: string | null;
            /** @description Each guest at your net price of its type, fixed when the booking was created; null for bookings made before prices existed */
            price: components["schemas"]["Money"] | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            updated_at: string;
            /** Format: uuid */
            account_id: string;
            /** Format: uuid */
            service_id: string;
            /** Format: uuid */
            lounge_id?: string;
            /** Format: uuid */
            fast_track_id?: string;
            pass: components["schemas"]["AdminPass"] | null;
            history: components["schemas"]["BookingStatusChange"][];
            redemptions: components["schemas"]["AdminRedemption"][];
            /** @description Every ledger line about it, in the order written, across statements. */
            ledger_lines: components["schemas"]["LedgerLine"][];
        };
        AdminPass: {
            /** Format: uuid */
            pass_id: string;
            /** @enum {string} */
            status: "Issued" | "Active" | "Used" | "Canceled" | "Expired";
            guests_count: number;
            used_guests_count: number | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            valid_from: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            valid_until: string;
        };
        BookingStatusChange: {
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            at: string;
            /** @description The status left; null for the creation, or when not known (bookings made before history was recorded). */
            from: ("Processing" | "Issued" | "Confirmed" | "Canceled" | "Expired") | null;
            /** @enum {string} */
            to: "Processing" | "Issued" | "Confirmed" | "Canceled" | "Expired";
            /** @description Who: the partner's application (its client id), an employee, or the service itself; null when not known. */
            actor: {
                /** @enum {string} */
                type: "application" | "employee" | "service";
                id: string | null;
            } | null;
            reason?: string;
            waive_fee?: boolean;
        };
        AdminEsimsPage: {
            data: components["schemas"]["AdminEsim"][];
            next_cursor: string | null;
        };
        AdminEsim: {
            iccid: string;
            /**
             * @description Refunded once refunded (for good), Suspended while suspended; otherwise the status of its current package (the Active one, else the oldest NotActive one); with none left, Exhausted while a package is, else Expired.
             * @enum {string}
             */
            status: "NotActive" | "Active" | "Exhausted" | "Expired" | "Suspended" | "Refunded";
            /** Format: uuid */
            order_id: string;
            /** @description Oldest first: the ordered package, then top-ups. */
            packages: components["schemas"]["EsimPackage"][];
            profile: components["schemas"]["EsimProfile"];
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            updated_at: string;
            activation: components["schemas"]["EsimActivationSummary"];
            /** Format: uuid */
            account_id: string;
        };
        AdminEsimDetail: {
            iccid: string;
            /**
             * @description Refunded once refunded (for good), Suspended while suspended; otherwise the status of its current package (the Active one, else the oldest NotActive one); with none left, Exhausted while a package is, else Expired.
             * @enum {string}
             */
            status: "NotActive" | "Active" | "Exhausted" | "Expired" | "Suspended" | "Refunded";
            /** Format: uuid */
            order_id: string;
            /** @description Oldest first: the ordered package, then top-ups. */
            packages: components["schemas"]["EsimPackage"][];
            profile: components["schemas"]["EsimProfile"];
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            updated_at: string;
            activation: components["schemas"]["EsimActivationSummary"];
            /** Format: uuid */
            account_id: string;
            /** @description Suspensions and resumptions, oldest first. */
            history: components["schemas"]["EsimStatusChange"][];
            /** @description Every ledger line about it, in the order written, across statements. */
            ledger_lines: components["schemas"]["LedgerLine"][];
        };
        EsimStatusChange: {
            /**
             * Format: date-time
             * @description RFC 3339 UTC timestamp with Z
             */
            at: string;
            /** @enum {string} */
            from: "NotActive" | "Active" | "Exhausted" | "Expired" | "Suspended" | "Refunded";
            /** @enum {string} */
            to: "NotActive" | "Active" | "Exhausted" | "Expired" | "Suspended" | "Refunded";
            actor: {
                /** @enum {string} */
                type: "application" | "employee";
                id: string;
            };
            reason: string;
        };
        EventsPage: {
            /** @description Oldest first, each exactly the body its webhook delivery carries (the same `id`). */
            data: components["schemas"]["WebhookEnvelope"][];
            /** @description Where the next page starts; never null: the feed has no end, so keep it to poll for new events. */
            next_cursor: string;
            /** @description More events can be read now. False: caught up, poll later with next_cursor. */
            has_more: boolean;
        };
    };
    responses: {
        /** @description Problem: MethodNotAllowed */
        Problem405MethodNotAllowed: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                Allow: components["headers"]["Allow"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: InternalError */
        Problem500InternalError: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: ServiceUnavailable */
        Problem503ServiceUnavailable: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: ValidationError (the body is not parseable JSON) */
        Problem400ValidationErrorMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: Unauthorized */
        Problem401UnauthorizedMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: Forbidden */
        Problem403ForbiddenMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: MethodNotAllowed */
        Problem405MethodNotAllowedMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                Allow: components["headers"]["Allow"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: IdempotencyConflict */
        Problem409IdempotencyConflictMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: PayloadTooLarge */
        Problem413PayloadTooLargeMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: UnsupportedMediaType */
        Problem415UnsupportedMediaTypeMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: ValidationError */
        Problem422ValidationErrorMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: RateLimitExceeded */
        Problem429RateLimitExceededMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "Retry-After": components["headers"]["Retry-After"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: InternalError */
        Problem500InternalErrorMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: ServiceUnavailable */
        Problem503ServiceUnavailableMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "Retry-After": components["headers"]["Retry-After"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: ResourceNotFound */
        Problem404ResourceNotFoundMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: IdempotencyConflict, CertificateLimitReached */
        Problem409IdempotencyConflictOrCertificateLimitReachedMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: CertificateInvalidState */
        Problem409CertificateInvalidStateMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: ApplicationInvalidState */
        Problem409ApplicationInvalidStateMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: Unauthorized */
        Problem401Unauthorized: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: Forbidden */
        Problem403Forbidden: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: ResourceNotFound */
        Problem404ResourceNotFound: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: AccountInvalidState */
        Problem409AccountInvalidState: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: ValidationError */
        Problem422ValidationError: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: ValidationError (the body is not parseable JSON) */
        Problem400ValidationError: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: AlreadyCompanyMember */
        Problem409AlreadyCompanyMember: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: PayloadTooLarge */
        Problem413PayloadTooLarge: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: UnsupportedMediaType */
        Problem415UnsupportedMediaType: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: ResourceNotFound, WebhookNotFound */
        Problem404ResourceNotFoundOrWebhookNotFound: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: WebhookInvalidState */
        Problem409WebhookInvalidState: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: EmployeeInvalidState */
        Problem409EmployeeInvalidState: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: CatalogResourceNotFound */
        Problem404CatalogResourceNotFoundMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: BookingNotFound */
        Problem404BookingNotFoundMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: IdempotencyConflict, PassNotReady, BookingAlreadyConfirmed, BookingAlreadyCanceled */
        Problem409IdempotencyConflictOrPassNotReadyOrBookingAlreadyConfirmedOrBookingAlreadyCanceledMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: IdempotencyConflict, BookingAlreadyConfirmed, BookingAlreadyCanceled */
        Problem409IdempotencyConflictOrBookingAlreadyConfirmedOrBookingAlreadyCanceledMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: PassNotReady, PassServiceTypeMismatch */
        Problem409PassNotReadyOrPassServiceTypeMismatchMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: IdempotencyConflict, CatalogResourceConflict */
        Problem409IdempotencyConflictOrCatalogResourceConflict: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: CatalogResourceNotFound */
        Problem404CatalogResourceNotFound: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: CatalogResourceConflict */
        Problem409CatalogResourceConflict: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: AmenityResourceConflict */
        Problem409AmenityResourceConflict: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: IdempotencyConflict */
        Problem409IdempotencyConflict: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: IdempotencyConflict, ContractAlreadyExists */
        Problem409IdempotencyConflictOrContractAlreadyExists: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: WebhookAlreadyExists */
        Problem409WebhookAlreadyExistsMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: WebhookNotFound */
        Problem404WebhookNotFoundMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: WebhookInvalidState */
        Problem409WebhookInvalidStateMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: IdempotencyConflict, WebhookInvalidState, WebhookRecoveryInProgress */
        Problem409IdempotencyConflictOrWebhookInvalidStateOrWebhookRecoveryInProgressMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: IdempotencyConflict, EsimPoolExhausted */
        Problem409IdempotencyConflictOrEsimPoolExhaustedMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: EsimNotFound */
        Problem404EsimNotFoundMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: EsimNotFound, CatalogResourceNotFound */
        Problem404EsimNotFoundOrCatalogResourceNotFoundMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: IdempotencyConflict, EsimTopupUnavailable */
        Problem409IdempotencyConflictOrEsimTopupUnavailableMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: IdempotencyConflict, EsimRefundUnavailable */
        Problem409IdempotencyConflictOrEsimRefundUnavailableMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: IdempotencyConflict, EsimInvalidState */
        Problem409IdempotencyConflictOrEsimInvalidStateMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: EsimResellerAlreadyLinked */
        Problem409EsimResellerAlreadyLinkedMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: VenueInvalidState */
        Problem409VenueInvalidStateMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: DeviceInvalidState */
        Problem409DeviceInvalidStateMetered: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                RateLimit?: string;
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: VenueInvalidState */
        Problem409VenueInvalidState: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: ValidationError, EnrollmentCodeInvalid */
        Problem422ValidationErrorOrEnrollmentCodeInvalid: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: PassNotValidHere */
        Problem409PassNotValidHere: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: IdempotencyConflict, PassNotReady, PassAlreadyUsed, PassCanceled, PassExpired, PassNotValidHere */
        Problem409IdempotencyConflictOrPassNotReadyOrPassAlreadyUsedOrPassCanceledOrPassExpiredOrPassNotValidHere: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: BookingNotFound */
        Problem404BookingNotFound: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: IdempotencyConflict, BookingAlreadyCanceled, BookingAlreadyConfirmed */
        Problem409IdempotencyConflictOrBookingAlreadyCanceledOrBookingAlreadyConfirmed: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: EsimNotFound */
        Problem404EsimNotFound: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: IdempotencyConflict, EsimInvalidState */
        Problem409IdempotencyConflictOrEsimInvalidState: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: IdempotencyConflict, CertificateLimitReached */
        Problem409IdempotencyConflictOrCertificateLimitReached: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: CertificateInvalidState */
        Problem409CertificateInvalidState: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: ApplicationInvalidState */
        Problem409ApplicationInvalidState: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: EsimResellerAlreadyLinked */
        Problem409EsimResellerAlreadyLinked: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
        /** @description Problem: DeviceInvalidState */
        Problem409DeviceInvalidState: {
            headers: {
                "X-Request-ID": components["headers"]["X-Request-ID"];
                [name: string]: unknown;
            };
            content: {
                "application/problem+json": components["schemas"]["Problem"];
            };
        };
    };
    parameters: {
        "X-Request-ID": string;
        /** @description Up to 256 characters; a UUID is recommended. */
        "Idempotency-Key": string;
        "Idempotency-Key-Optional": string;
    };
    requestBodies: never;
    headers: {
        /** @description Echoed when the caller sent one, generated otherwise. */
        "X-Request-ID": string;
        Allow: string;
        /** @description Seconds */
        "Retry-After": string;
        /** @description The plan's limits, e.g. `"burst";q=100;w=2, "daily";q=100000;w=86400` (tag Rate limits) */
        "RateLimit-Policy": string;
        /** @description Echo of the request header */
        "Idempotency-Key": string;
        /** @description `reused`: the stored response of the first request with this key */
        "Idempotency-Status": "created" | "reused";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    issueToken: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["TokenRequest"];
            };
        };
        responses: {
            /** @description Access token */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenResponse"];
                };
            };
            /** @description invalid_request, unsupported_grant_type, invalid_scope or invalid_grant (code unknown, used, expired, or verifier or redirect_uri not matching) */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description invalid_client */
            401: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description Basic realm="token" */
                    "WWW-Authenticate": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"];
                };
            };
            /** @description A problem, not an OAuth error: RateLimitExceeded with `details.policy` `client_lockout` (too many bad secrets for this client_id), `client_flood` or `address_flood` (too many requests from this client or address) */
            429: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description Seconds to wait */
                    "Retry-After": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getJwks: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JSON Web Key Set */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Jwks"];
                };
            };
            405: components["responses"]["Problem405MethodNotAllowed"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    getOpenidConfiguration: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Authorization server metadata */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenidConfiguration"];
                };
            };
            405: components["responses"]["Problem405MethodNotAllowed"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    startEmployeeLogin: {
        parameters: {
            query?: {
                /** @description Exactly one of the console addresses */
                redirect_uri?: string;
                /** @description BASE64URL(SHA256(code_verifier)) */
                code_challenge?: string;
                /** @description `S256` (the only method) */
                code_challenge_method?: string;
                /** @description The console's state, given back with the code */
                state?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the identity provider */
            302: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description The provider's sign-in */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is refused (redirect_uri, method, challenge or state) */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html; charset=utf-8": string;
                };
            };
            /** @description Any other refusal or failure, as an HTML page */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html; charset=utf-8": string;
                };
            };
        };
    };
    completeEmployeeLogin: {
        parameters: {
            query?: {
                code?: string;
                state?: string;
                iss?: string;
                error?: string;
                error_description?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the console: with a one-time code, or with error=access_denied */
            302: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description The console redirect_uri */
                    Location: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad, expired or reused state */
            400: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html; charset=utf-8": string;
                };
            };
            /** @description The employee has no role */
            403: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html; charset=utf-8": string;
                };
            };
            /** @description Any other refusal or failure, as an HTML page */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html; charset=utf-8": string;
                };
            };
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 document */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            405: components["responses"]["Problem405MethodNotAllowed"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    listAccounts: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of accounts */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Account"][];
                        next_cursor: string | null;
                    };
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    createAccount: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAccountRequest"];
            };
        };
        responses: {
            /** @description Account created */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description The account */
                    Location: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedAccount"];
                };
            };
            400: components["responses"]["Problem400ValidationErrorMetered"];
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409IdempotencyConflictMetered"];
            413: components["responses"]["Problem413PayloadTooLargeMetered"];
            415: components["responses"]["Problem415UnsupportedMediaTypeMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    disableAccount: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The disabled account */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    changeAccountPlan: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePlanRequest"];
            };
        };
        responses: {
            /** @description The account on its new plan */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            400: components["responses"]["Problem400ValidationErrorMetered"];
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            413: components["responses"]["Problem413PayloadTooLargeMetered"];
            415: components["responses"]["Problem415UnsupportedMediaTypeMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    listAccountCertificates: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account's certificates */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CertificateList"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    addAccountCertificate: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddCertificateRequest"];
            };
        };
        responses: {
            /** @description The certificate, with its PEM */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description The account's certificates */
                    Location: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedCertificate"];
                };
            };
            400: components["responses"]["Problem400ValidationErrorMetered"];
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409IdempotencyConflictOrCertificateLimitReachedMetered"];
            413: components["responses"]["Problem413PayloadTooLargeMetered"];
            415: components["responses"]["Problem415UnsupportedMediaTypeMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    revokeAccountCertificate: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
                serial: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked certificate */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Certificate"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409CertificateInvalidStateMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    listApplications: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of applications */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Application"][];
                        next_cursor: string | null;
                    };
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    createApplication: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApplicationRequest"];
            };
        };
        responses: {
            /** @description Application created */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description The application */
                    Location: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationWithSecret"];
                };
            };
            400: components["responses"]["Problem400ValidationErrorMetered"];
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409IdempotencyConflictMetered"];
            413: components["responses"]["Problem413PayloadTooLargeMetered"];
            415: components["responses"]["Problem415UnsupportedMediaTypeMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getApplication: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
                clientID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The application */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Application"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    disableApplication: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
                clientID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The disabled application */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Application"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    enableApplication: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
                clientID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The enabled application */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Application"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409ApplicationInvalidStateMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    rotateApplicationSecret: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
                clientID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The application with its new secret, shown once */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationWithSecret"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    enableAccount: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The enabled account */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409AccountInvalidState"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    listAccountManagers: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of managers */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountManagersPage"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    addAccountManager: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddAccountManagerRequest"];
            };
        };
        responses: {
            /** @description Assigned */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description The managers of the account */
                    Location: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountManager"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409AlreadyCompanyMember"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    listAccountWebhooks: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription, if any */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    listAccountWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
                webhookID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveriesPage"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFoundOrWebhookNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    redeliverAccountWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
                webhookID: string;
                /** @description The id of the delivered event */
                deliveryID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFoundOrWebhookNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409WebhookInvalidState"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    listRedemptions: {
        parameters: {
            query: {
                limit?: number;
                cursor?: string;
                /** @description Required; only Disputed redemptions are listed (the ones that need an employee). */
                status: "Disputed";
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of redemptions */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminRedemptionsPage"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    revokeEmployee: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                /** @description The employee's id at the identity provider (its `sub`) */
                employeeID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmployeeRevocationRequest"];
            };
        };
        responses: {
            /** @description The revocation */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmployeeRevocation"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409EmployeeInvalidState"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    reinstateEmployee: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                /** @description The employee's id at the identity provider (its `sub`) */
                employeeID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmployeeRevocationRequest"];
            };
        };
        responses: {
            /** @description The lifted revocation */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmployeeRevocation"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409EmployeeInvalidState"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                /** @description Employee id or client_id */
                actor?: string;
                actor_type?: "employee" | "application";
                /** @description Id of the changed record */
                target?: string;
                target_type?: string;
                /** @description An operation id */
                action?: string;
                /** @description A UTC instant (`2026-05-01T00:00:00Z`): records at or after it */
                since?: string;
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of audit records */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditLogPage"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    listLoungeBookings: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                /** @description Only bookings in this status. */
                status?: "Processing" | "Issued" | "Confirmed" | "Canceled" | "Expired";
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of bookings */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoungeBookingsPage"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    createLoungeBooking: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoungeBookingRequest"];
            };
        };
        responses: {
            /** @description Booking accepted */
            202: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description /v2/b2b/booking/lounges/{booking_id} */
                    Location: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingCreated"];
                };
            };
            400: components["responses"]["Problem400ValidationErrorMetered"];
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404CatalogResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409IdempotencyConflictMetered"];
            413: components["responses"]["Problem413PayloadTooLargeMetered"];
            415: components["responses"]["Problem415UnsupportedMediaTypeMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getLoungeBooking: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                bookingID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The booking */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoungeBooking"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404BookingNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    confirmLoungeBooking: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key-Optional"];
            };
            path: {
                bookingID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The confirmed booking */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoungeBooking"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404BookingNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409IdempotencyConflictOrPassNotReadyOrBookingAlreadyConfirmedOrBookingAlreadyCanceledMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    cancelLoungeBooking: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key-Optional"];
            };
            path: {
                bookingID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The canceled booking */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoungeBooking"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404BookingNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409IdempotencyConflictOrBookingAlreadyConfirmedOrBookingAlreadyCanceledMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getLoungePass: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                bookingID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pass */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pass"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404BookingNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409PassNotReadyOrPassServiceTypeMismatchMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getLoungeWalletPass: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                bookingID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed pass, ready to open in Wallet */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description attachment; filename="pass.pkpass" */
                    "Content-Disposition": string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.apple.pkpass": string;
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404BookingNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409PassNotReadyOrPassServiceTypeMismatchMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    listFastTrackBookings: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                /** @description Only bookings in this status. */
                status?: "Processing" | "Issued" | "Confirmed" | "Canceled" | "Expired";
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of bookings */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FastTrackBookingsPage"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    createFastTrackBooking: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FastTrackBookingRequest"];
            };
        };
        responses: {
            /** @description Booking accepted */
            202: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description /v2/b2b/booking/fast-tracks/{booking_id} */
                    Location: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingCreated"];
                };
            };
            400: components["responses"]["Problem400ValidationErrorMetered"];
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404CatalogResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409IdempotencyConflictMetered"];
            413: components["responses"]["Problem413PayloadTooLargeMetered"];
            415: components["responses"]["Problem415UnsupportedMediaTypeMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getFastTrackBooking: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                bookingID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The booking */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FastTrackBooking"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404BookingNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    confirmFastTrackBooking: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key-Optional"];
            };
            path: {
                bookingID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The confirmed booking */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FastTrackBooking"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404BookingNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409IdempotencyConflictOrPassNotReadyOrBookingAlreadyConfirmedOrBookingAlreadyCanceledMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    cancelFastTrackBooking: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key-Optional"];
            };
            path: {
                bookingID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The canceled booking */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FastTrackBooking"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404BookingNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409IdempotencyConflictOrBookingAlreadyConfirmedOrBookingAlreadyCanceledMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getFastTrackPass: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                bookingID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pass */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pass"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404BookingNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409PassNotReadyOrPassServiceTypeMismatchMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getFastTrackWalletPass: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                bookingID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed pass, ready to open in Wallet */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description attachment; filename="pass.pkpass" */
                    "Content-Disposition": string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.apple.pkpass": string;
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404BookingNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409PassNotReadyOrPassServiceTypeMismatchMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getPassSigningKeys: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JSON Web Key Set */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Jwks"];
                };
            };
            405: components["responses"]["Problem405MethodNotAllowed"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    listLounges: {
        parameters: {
            query?: {
                /** @description 1..1000 */
                limit?: number;
                offset?: number;
                /** @description Case-insensitive substring of the name in the response locale; empty: no filter */
                name?: string;
            };
            header?: {
                /** @description ru-RU or en-US (q-values honoured); en-US when absent or unsupported */
                "accept-language"?: string;
                /** @description ETags from earlier responses (strong or W/ weak, a list, or *) */
                "if-none-match"?: string;
                /** @description HTTP-date; ignored when If-None-Match is present or the date is invalid */
                "if-modified-since"?: string;
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of lounges */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description Strong validator of this representation (changes with data, contract, locale, filter and paging) */
                    ETag: string;
                    /** @description HTTP-date of the last change of the catalog or of the account's contract */
                    "Last-Modified": string;
                    /** @description en-US or ru-RU: the negotiated locale */
                    "Content-Language": string;
                    /** @description Accept-Language */
                    Vary: string;
                    /** @description private, max-age=5: answers are served from a copy at most that many seconds behind a catalog or contract change; revalidate with If-None-Match after that */
                    "Cache-Control": string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoungesPage"];
                };
            };
            /** @description Not modified (If-None-Match matched, or no change since If-Modified-Since); no body */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description Strong validator of this representation (changes with data, contract, locale, filter and paging) */
                    ETag: string;
                    /** @description HTTP-date of the last change of the catalog or of the account's contract */
                    "Last-Modified": string;
                    /** @description Accept-Language */
                    Vary: string;
                    /** @description private, max-age=5: answers are served from a copy at most that many seconds behind a catalog or contract change; revalidate with If-None-Match after that */
                    "Cache-Control": string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getLounge: {
        parameters: {
            query?: never;
            header?: {
                /** @description ru-RU or en-US (q-values honoured); en-US when absent or unsupported */
                "accept-language"?: string;
                /** @description ETags from earlier responses (strong or W/ weak, a list, or *) */
                "if-none-match"?: string;
                /** @description HTTP-date; ignored when If-None-Match is present or the date is invalid */
                "if-modified-since"?: string;
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                loungeID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lounge */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description Strong validator of this representation (changes with data, contract, locale, filter and paging) */
                    ETag: string;
                    /** @description HTTP-date of the last change of the catalog or of the account's contract */
                    "Last-Modified": string;
                    /** @description en-US or ru-RU: the negotiated locale */
                    "Content-Language": string;
                    /** @description Accept-Language */
                    Vary: string;
                    /** @description private, max-age=5: answers are served from a copy at most that many seconds behind a catalog or contract change; revalidate with If-None-Match after that */
                    "Cache-Control": string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Lounge"];
                };
            };
            /** @description Not modified (If-None-Match matched, or no change since If-Modified-Since); no body */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description Strong validator of this representation (changes with data, contract, locale, filter and paging) */
                    ETag: string;
                    /** @description HTTP-date of the last change of the catalog or of the account's contract */
                    "Last-Modified": string;
                    /** @description Accept-Language */
                    Vary: string;
                    /** @description private, max-age=5: answers are served from a copy at most that many seconds behind a catalog or contract change; revalidate with If-None-Match after that */
                    "Cache-Control": string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404CatalogResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getImage: {
        parameters: {
            query?: never;
            header?: {
                /** @description ETags from earlier responses (strong or W/ weak, a list, or *) */
                "if-none-match"?: string;
                /** @description HTTP-date; ignored when If-None-Match is present or the date is invalid */
                "if-modified-since"?: string;
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image bytes */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description Strong validator of this representation (changes with data, contract, locale, filter and paging) */
                    ETag: string;
                    /** @description HTTP-date of the last change of the catalog or of the account's contract */
                    "Last-Modified": string;
                    /** @description private, max-age=86400 */
                    "Cache-Control": string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "image/*": string;
                };
            };
            /** @description Not modified; no body */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description Strong validator of this representation (changes with data, contract, locale, filter and paging) */
                    ETag: string;
                    /** @description HTTP-date of the last change of the catalog or of the account's contract */
                    "Last-Modified": string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404CatalogResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    listFastTracks: {
        parameters: {
            query?: {
                /** @description 1..1000 */
                limit?: number;
                offset?: number;
                /** @description Case-insensitive substring of the name in the response locale; empty: no filter */
                name?: string;
            };
            header?: {
                /** @description ru-RU or en-US (q-values honoured); en-US when absent or unsupported */
                "accept-language"?: string;
                /** @description ETags from earlier responses (strong or W/ weak, a list, or *) */
                "if-none-match"?: string;
                /** @description HTTP-date; ignored when If-None-Match is present or the date is invalid */
                "if-modified-since"?: string;
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of fast-tracks */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description Strong validator of this representation (changes with data, contract, locale, filter and paging) */
                    ETag: string;
                    /** @description HTTP-date of the last change of the catalog or of the account's contract */
                    "Last-Modified": string;
                    /** @description en-US or ru-RU: the negotiated locale */
                    "Content-Language": string;
                    /** @description Accept-Language */
                    Vary: string;
                    /** @description private, max-age=5: answers are served from a copy at most that many seconds behind a catalog or contract change; revalidate with If-None-Match after that */
                    "Cache-Control": string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FastTracksPage"];
                };
            };
            /** @description Not modified (If-None-Match matched, or no change since If-Modified-Since); no body */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description Strong validator of this representation (changes with data, contract, locale, filter and paging) */
                    ETag: string;
                    /** @description HTTP-date of the last change of the catalog or of the account's contract */
                    "Last-Modified": string;
                    /** @description Accept-Language */
                    Vary: string;
                    /** @description private, max-age=5: answers are served from a copy at most that many seconds behind a catalog or contract change; revalidate with If-None-Match after that */
                    "Cache-Control": string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getFastTrack: {
        parameters: {
            query?: never;
            header?: {
                /** @description ru-RU or en-US (q-values honoured); en-US when absent or unsupported */
                "accept-language"?: string;
                /** @description ETags from earlier responses (strong or W/ weak, a list, or *) */
                "if-none-match"?: string;
                /** @description HTTP-date; ignored when If-None-Match is present or the date is invalid */
                "if-modified-since"?: string;
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                fastTrackID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fast-track */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description Strong validator of this representation (changes with data, contract, locale, filter and paging) */
                    ETag: string;
                    /** @description HTTP-date of the last change of the catalog or of the account's contract */
                    "Last-Modified": string;
                    /** @description en-US or ru-RU: the negotiated locale */
                    "Content-Language": string;
                    /** @description Accept-Language */
                    Vary: string;
                    /** @description private, max-age=5: answers are served from a copy at most that many seconds behind a catalog or contract change; revalidate with If-None-Match after that */
                    "Cache-Control": string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FastTrack"];
                };
            };
            /** @description Not modified (If-None-Match matched, or no change since If-Modified-Since); no body */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description Strong validator of this representation (changes with data, contract, locale, filter and paging) */
                    ETag: string;
                    /** @description HTTP-date of the last change of the catalog or of the account's contract */
                    "Last-Modified": string;
                    /** @description Accept-Language */
                    Vary: string;
                    /** @description private, max-age=5: answers are served from a copy at most that many seconds behind a catalog or contract change; revalidate with If-None-Match after that */
                    "Cache-Control": string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404CatalogResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    listEsimTariffs: {
        parameters: {
            query?: {
                /** @description 1..1000 */
                limit?: number;
                offset?: number;
                /** @description Case-insensitive substring of the name in the response locale; empty: no filter */
                name?: string;
            };
            header?: {
                /** @description ru-RU or en-US (q-values honoured); en-US when absent or unsupported */
                "accept-language"?: string;
                /** @description ETags from earlier responses (strong or W/ weak, a list, or *) */
                "if-none-match"?: string;
                /** @description HTTP-date; ignored when If-None-Match is present or the date is invalid */
                "if-modified-since"?: string;
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of eSIM tariffs */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description Strong validator of this representation (changes with data, contract, locale, filter and paging) */
                    ETag: string;
                    /** @description HTTP-date of the last change of the catalog or of the account's contract */
                    "Last-Modified": string;
                    /** @description en-US or ru-RU: the negotiated locale */
                    "Content-Language": string;
                    /** @description Accept-Language */
                    Vary: string;
                    /** @description private, max-age=5: answers are served from a copy at most that many seconds behind a catalog or contract change; revalidate with If-None-Match after that */
                    "Cache-Control": string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EsimTariffsPage"];
                };
            };
            /** @description Not modified (If-None-Match matched, or no change since If-Modified-Since); no body */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description Strong validator of this representation (changes with data, contract, locale, filter and paging) */
                    ETag: string;
                    /** @description HTTP-date of the last change of the catalog or of the account's contract */
                    "Last-Modified": string;
                    /** @description Accept-Language */
                    Vary: string;
                    /** @description private, max-age=5: answers are served from a copy at most that many seconds behind a catalog or contract change; revalidate with If-None-Match after that */
                    "Cache-Control": string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getEsimTariff: {
        parameters: {
            query?: never;
            header?: {
                /** @description ru-RU or en-US (q-values honoured); en-US when absent or unsupported */
                "accept-language"?: string;
                /** @description ETags from earlier responses (strong or W/ weak, a list, or *) */
                "if-none-match"?: string;
                /** @description HTTP-date; ignored when If-None-Match is present or the date is invalid */
                "if-modified-since"?: string;
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                tariffID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The eSIM tariff */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description Strong validator of this representation (changes with data, contract, locale, filter and paging) */
                    ETag: string;
                    /** @description HTTP-date of the last change of the catalog or of the account's contract */
                    "Last-Modified": string;
                    /** @description en-US or ru-RU: the negotiated locale */
                    "Content-Language": string;
                    /** @description Accept-Language */
                    Vary: string;
                    /** @description private, max-age=5: answers are served from a copy at most that many seconds behind a catalog or contract change; revalidate with If-None-Match after that */
                    "Cache-Control": string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EsimTariff"];
                };
            };
            /** @description Not modified (If-None-Match matched, or no change since If-Modified-Since); no body */
            304: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description Strong validator of this representation (changes with data, contract, locale, filter and paging) */
                    ETag: string;
                    /** @description HTTP-date of the last change of the catalog or of the account's contract */
                    "Last-Modified": string;
                    /** @description Accept-Language */
                    Vary: string;
                    /** @description private, max-age=5: answers are served from a copy at most that many seconds behind a catalog or contract change; revalidate with If-None-Match after that */
                    "Cache-Control": string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404CatalogResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    listCatalogLounges: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of lounges */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AdminLounge"][];
                        next_cursor: string | null;
                    };
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    createCatalogLounge: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoungeForm"];
            };
        };
        responses: {
            /** @description The lounge */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description The item */
                    Location: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminLounge"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409IdempotencyConflictOrCatalogResourceConflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    getCatalogLounge: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                loungeID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lounge */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminLounge"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404CatalogResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    replaceCatalogLounge: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                loungeID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoungeForm"];
            };
        };
        responses: {
            /** @description The lounge */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminLounge"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404CatalogResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409CatalogResourceConflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    deactivateCatalogLounge: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                loungeID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lounge */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminLounge"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404CatalogResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    listCatalogFastTracks: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of fast-tracks */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AdminFastTrack"][];
                        next_cursor: string | null;
                    };
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    createCatalogFastTrack: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FastTrackForm"];
            };
        };
        responses: {
            /** @description The fast-track */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description The item */
                    Location: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFastTrack"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409IdempotencyConflictOrCatalogResourceConflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    getCatalogFastTrack: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                fastTrackID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fast-track */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFastTrack"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404CatalogResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    replaceCatalogFastTrack: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                fastTrackID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FastTrackForm"];
            };
        };
        responses: {
            /** @description The fast-track */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFastTrack"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404CatalogResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409CatalogResourceConflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    deactivateCatalogFastTrack: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                fastTrackID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fast-track */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminFastTrack"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404CatalogResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    listCatalogTariffs: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of eSIM tariffs */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AdminEsimTariff"][];
                        next_cursor: string | null;
                    };
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    createCatalogTariff: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TariffForm"];
            };
        };
        responses: {
            /** @description The eSIM tariff */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description The item */
                    Location: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminEsimTariff"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409IdempotencyConflictOrCatalogResourceConflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    getCatalogTariff: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                tariffID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The eSIM tariff */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminEsimTariff"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404CatalogResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    replaceCatalogTariff: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                tariffID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TariffForm"];
            };
        };
        responses: {
            /** @description The eSIM tariff */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminEsimTariff"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404CatalogResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409CatalogResourceConflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    deactivateCatalogTariff: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                tariffID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The eSIM tariff */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminEsimTariff"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404CatalogResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    listCatalogHubs: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of hubs */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AdminHub"][];
                        next_cursor: string | null;
                    };
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    createCatalogHub: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    kind: "Airport" | "Railway";
                    /**
                     * @description The text in every locale, each 1..255 characters
                     * @example {
                     *       "en-US": "Business Lounge",
                     *       "ru-RU": "Бизнес-зал"
                     *     }
                     */
                    name: {
                        "en-US": string;
                        "ru-RU": string;
                    };
                    /**
                     * @description The text in every locale, each 1..100 characters
                     * @example {
                     *       "en-US": "Business Lounge",
                     *       "ru-RU": "Бизнес-зал"
                     *     }
                     */
                    city: {
                        "en-US": string;
                        "ru-RU": string;
                    };
                    /**
                     * @description ISO 3166-1 alpha-2
                     * @example RU
                     */
                    country: string;
                    /** @enum {string} */
                    continent: "Europe" | "Asia" | "Africa" | "NorthAmerica" | "SouthAmerica" | "Oceania" | "Antarctica";
                    coordinates: {
                        /**
                         * Format: double
                         * @description WGS-84
                         */
                        latitude: number;
                        /**
                         * Format: double
                         * @description WGS-84
                         */
                        longitude: number;
                    };
                    /** @example Europe/Moscow */
                    timezone: string;
                    meta: {
                        /** @constant */
                        kind: "Airport";
                        iata: string;
                        icao: string;
                    } | {
                        /** @constant */
                        kind: "Railway";
                        uic?: string;
                        esr?: string;
                    };
                    /**
                     * @description An inactive hub hides its lounges and fast-tracks from partners
                     * @default true
                     */
                    is_active?: boolean;
                };
            };
        };
        responses: {
            /** @description The hub */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description The item */
                    Location: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminHub"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409IdempotencyConflictOrCatalogResourceConflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    getCatalogHub: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                hubID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The hub */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminHub"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404CatalogResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    replaceCatalogHub: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                hubID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    kind: "Airport" | "Railway";
                    /**
                     * @description The text in every locale, each 1..255 characters
                     * @example {
                     *       "en-US": "Business Lounge",
                     *       "ru-RU": "Бизнес-зал"
                     *     }
                     */
                    name: {
                        "en-US": string;
                        "ru-RU": string;
                    };
                    /**
                     * @description The text in every locale, each 1..100 characters
                     * @example {
                     *       "en-US": "Business Lounge",
                     *       "ru-RU": "Бизнес-зал"
                     *     }
                     */
                    city: {
                        "en-US": string;
                        "ru-RU": string;
                    };
                    /**
                     * @description ISO 3166-1 alpha-2
                     * @example RU
                     */
                    country: string;
                    /** @enum {string} */
                    continent: "Europe" | "Asia" | "Africa" | "NorthAmerica" | "SouthAmerica" | "Oceania" | "Antarctica";
                    coordinates: {
                        /**
                         * Format: double
                         * @description WGS-84
                         */
                        latitude: number;
                        /**
                         * Format: double
                         * @description WGS-84
                         */
                        longitude: number;
                    };
                    /** @example Europe/Moscow */
                    timezone: string;
                    meta: {
                        /** @constant */
                        kind: "Airport";
                        iata: string;
                        icao: string;
                    } | {
                        /** @constant */
                        kind: "Railway";
                        uic?: string;
                        esr?: string;
                    };
                    /**
                     * @description An inactive hub hides its lounges and fast-tracks from partners
                     * @default true
                     */
                    is_active?: boolean;
                };
            };
        };
        responses: {
            /** @description The hub */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminHub"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404CatalogResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409CatalogResourceConflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    deactivateCatalogHub: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                hubID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The hub */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminHub"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404CatalogResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    listCatalogAmenities: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of amenitys */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AdminAmenity"][];
                        next_cursor: string | null;
                    };
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    createCatalogAmenity: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The text in every locale, each 1..100 characters
                     * @example {
                     *       "en-US": "Business Lounge",
                     *       "ru-RU": "Бизнес-зал"
                     *     }
                     */
                    name: {
                        "en-US": string;
                        "ru-RU": string;
                    };
                    /**
                     * @description An inactive amenity leaves every lounge's list
                     * @default true
                     */
                    is_active?: boolean;
                };
            };
        };
        responses: {
            /** @description The amenity */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description The item */
                    Location: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminAmenity"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409IdempotencyConflictOrCatalogResourceConflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    getCatalogAmenity: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                amenityID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The amenity */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminAmenity"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404CatalogResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    replaceCatalogAmenity: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                amenityID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The text in every locale, each 1..100 characters
                     * @example {
                     *       "en-US": "Business Lounge",
                     *       "ru-RU": "Бизнес-зал"
                     *     }
                     */
                    name: {
                        "en-US": string;
                        "ru-RU": string;
                    };
                    /**
                     * @description An inactive amenity leaves every lounge's list
                     * @default true
                     */
                    is_active?: boolean;
                };
            };
        };
        responses: {
            /** @description The amenity */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminAmenity"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404CatalogResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409CatalogResourceConflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    deleteCatalogAmenity: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                amenityID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted from the draft */
            204: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404CatalogResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409AmenityResourceConflict"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    deactivateCatalogAmenity: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                amenityID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The amenity */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminAmenity"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404CatalogResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    uploadCatalogImage: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "image/png": string;
                "image/jpeg": string;
                "image/webp": string;
            };
        };
        responses: {
            /** @description The same bytes were stored before */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadedImage"];
                };
            };
            /** @description The stored image */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadedImage"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    startCatalogImageUpload: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImageUploadRequest"];
            };
        };
        responses: {
            /** @description Where to put the file */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImageUploadGrant"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    completeCatalogImageUpload: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                uploadID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The same bytes were stored before */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadedImage"];
                };
            };
            /** @description The stored image */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadedImage"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    getCatalogDraft: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The draft in figures */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogDraft"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    getCatalogDiff: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Added, changed, deactivated and removed items */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogDiff"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    publishCatalog: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key-Optional"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The published version */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogPublication"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409IdempotencyConflict"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    getAccountContract: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The contract */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogContract"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    replaceAccountContract: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContractForm"];
            };
        };
        responses: {
            /** @description The contract */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogContract"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    createAccountContract: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ContractForm"];
            };
        };
        responses: {
            /** @description The contract */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CatalogContract"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409IdempotencyConflictOrContractAlreadyExists"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription, if any */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookRequest"];
            };
        };
        responses: {
            /** @description Subscribed */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description The subscription */
                    Location: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            400: components["responses"]["Problem400ValidationErrorMetered"];
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409WebhookAlreadyExistsMetered"];
            413: components["responses"]["Problem413PayloadTooLargeMetered"];
            415: components["responses"]["Problem415UnsupportedMediaTypeMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                webhookID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404WebhookNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                webhookID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404WebhookNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    changeWebhookUrl: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                webhookID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangeWebhookUrlRequest"];
            };
        };
        responses: {
            /** @description The subscription */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["Problem400ValidationErrorMetered"];
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404WebhookNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            413: components["responses"]["Problem413PayloadTooLargeMetered"];
            415: components["responses"]["Problem415UnsupportedMediaTypeMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                webhookID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RotateWebhookSecretRequest"];
            };
        };
        responses: {
            /** @description The subscription */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookWithSecret"];
                };
            };
            400: components["responses"]["Problem400ValidationErrorMetered"];
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404WebhookNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            413: components["responses"]["Problem413PayloadTooLargeMetered"];
            415: components["responses"]["Problem415UnsupportedMediaTypeMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    disableWebhook: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                webhookID: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DisableWebhookRequest"];
            };
        };
        responses: {
            /** @description The subscription */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["Problem400ValidationErrorMetered"];
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404WebhookNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409WebhookInvalidStateMetered"];
            413: components["responses"]["Problem413PayloadTooLargeMetered"];
            415: components["responses"]["Problem415UnsupportedMediaTypeMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    enableWebhook: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                webhookID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404WebhookNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409WebhookInvalidStateMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                webhookID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveriesPage"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404WebhookNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                webhookID: string;
                /** @description The id of the delivered event */
                deliveryID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404WebhookNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    redeliverWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                webhookID: string;
                /** @description The id of the delivered event */
                deliveryID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description The delivery */
                    Location: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404WebhookNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409WebhookInvalidStateMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    pingWebhook: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                webhookID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description Its delivery */
                    Location: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookPingAccepted"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404WebhookNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409WebhookInvalidStateMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    recoverWebhook: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key-Optional"];
            };
            path: {
                webhookID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecoverWebhookRequest"];
            };
        };
        responses: {
            /** @description The recovery started */
            202: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookRecovery"];
                };
            };
            400: components["responses"]["Problem400ValidationErrorMetered"];
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404WebhookNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409IdempotencyConflictOrWebhookInvalidStateOrWebhookRecoveryInProgressMetered"];
            413: components["responses"]["Problem413PayloadTooLargeMetered"];
            415: components["responses"]["Problem415UnsupportedMediaTypeMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    listEsims: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of eSIMs */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EsimsPage"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    createEsimOrder: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EsimOrderRequest"];
            };
        };
        responses: {
            /** @description Order created, Pending */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description /v2/b2b/fulfilment/orders/{order_id} */
                    Location: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EsimOrder"];
                };
            };
            400: components["responses"]["Problem400ValidationErrorMetered"];
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404CatalogResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409IdempotencyConflictMetered"];
            413: components["responses"]["Problem413PayloadTooLargeMetered"];
            415: components["responses"]["Problem415UnsupportedMediaTypeMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getEsimOrder: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                orderID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EsimOrder"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    confirmEsimOrder: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key-Optional"];
            };
            path: {
                orderID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The issued eSIM */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Esim"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409IdempotencyConflictOrEsimPoolExhaustedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getEsim: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                /** @description ICCID: 19 or 20 digits, starting with 89, the last a Luhn check digit over the others. */
                iccid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The eSIM */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Esim"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404EsimNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getEsimInstallHelp: {
        parameters: {
            query: {
                /** @description The traveller's phone: ios or android. */
                platform: "ios" | "android";
            };
            header?: {
                /** @description ru-RU or en-US for tariff names (q-values honoured); en-US when absent or unsupported */
                "accept-language"?: string;
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                /** @description ICCID: 19 or 20 digits, starting with 89, the last a Luhn check digit over the others. */
                iccid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Install help */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EsimInstall"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404EsimNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    listEsimTopups: {
        parameters: {
            query?: never;
            header?: {
                /** @description ru-RU or en-US for tariff names (q-values honoured); en-US when absent or unsupported */
                "accept-language"?: string;
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                /** @description ICCID: 19 or 20 digits, starting with 89, the last a Luhn check digit over the others. */
                iccid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Top-up offers */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EsimTopupOffers"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404EsimNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    topUpEsim: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path: {
                /** @description ICCID: 19 or 20 digits, starting with 89, the last a Luhn check digit over the others. */
                iccid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EsimTopupRequest"];
            };
        };
        responses: {
            /** @description The new package */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EsimPackage"];
                };
            };
            400: components["responses"]["Problem400ValidationErrorMetered"];
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404EsimNotFoundOrCatalogResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409IdempotencyConflictOrEsimTopupUnavailableMetered"];
            413: components["responses"]["Problem413PayloadTooLargeMetered"];
            415: components["responses"]["Problem415UnsupportedMediaTypeMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getEsimSettings: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Your eSIM settings */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EsimSettings"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    replaceEsimSettings: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EsimSettingsRequest"];
            };
        };
        responses: {
            /** @description Your eSIM settings as set */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EsimSettings"];
                };
            };
            400: components["responses"]["Problem400ValidationErrorMetered"];
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            413: components["responses"]["Problem413PayloadTooLargeMetered"];
            415: components["responses"]["Problem415UnsupportedMediaTypeMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    refundEsim: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path: {
                /** @description ICCID: 19 or 20 digits, starting with 89, the last a Luhn check digit over the others. */
                iccid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EsimRefundRequest"];
            };
        };
        responses: {
            /** @description The refunded eSIM */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Esim"];
                };
            };
            400: components["responses"]["Problem400ValidationErrorMetered"];
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404EsimNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409IdempotencyConflictOrEsimRefundUnavailableMetered"];
            413: components["responses"]["Problem413PayloadTooLargeMetered"];
            415: components["responses"]["Problem415UnsupportedMediaTypeMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    suspendOwnEsim: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path: {
                /** @description ICCID: 19 or 20 digits, starting with 89, the last a Luhn check digit over the others. */
                iccid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EsimSuspensionRequest"];
            };
        };
        responses: {
            /** @description The suspended eSIM */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Esim"];
                };
            };
            400: components["responses"]["Problem400ValidationErrorMetered"];
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404EsimNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409IdempotencyConflictOrEsimInvalidStateMetered"];
            413: components["responses"]["Problem413PayloadTooLargeMetered"];
            415: components["responses"]["Problem415UnsupportedMediaTypeMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    resumeOwnEsim: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path: {
                /** @description ICCID: 19 or 20 digits, starting with 89, the last a Luhn check digit over the others. */
                iccid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EsimSuspensionRequest"];
            };
        };
        responses: {
            /** @description The resumed eSIM */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Esim"];
                };
            };
            400: components["responses"]["Problem400ValidationErrorMetered"];
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404EsimNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409IdempotencyConflictOrEsimInvalidStateMetered"];
            413: components["responses"]["Problem413PayloadTooLargeMetered"];
            415: components["responses"]["Problem415UnsupportedMediaTypeMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getEsimPool: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pool */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EsimPool"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    loadEsimPool: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EsimPoolLoadRequest"];
            };
        };
        responses: {
            /** @description Counts of the load */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EsimPoolLoad"];
                };
            };
            400: components["responses"]["Problem400ValidationErrorMetered"];
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            413: components["responses"]["Problem413PayloadTooLargeMetered"];
            415: components["responses"]["Problem415UnsupportedMediaTypeMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    linkEsimReseller: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EsimResellerLinkRequest"];
            };
        };
        responses: {
            /** @description The link */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EsimResellerLink"];
                };
            };
            400: components["responses"]["Problem400ValidationErrorMetered"];
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409EsimResellerAlreadyLinkedMetered"];
            413: components["responses"]["Problem413PayloadTooLargeMetered"];
            415: components["responses"]["Problem415UnsupportedMediaTypeMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getRateLimits: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The plan and its current usage */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RateLimitStatus"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    listRequests: {
        parameters: {
            query?: {
                status?: number;
                operation_id?: string;
                request_id?: string;
                /** @description A UTC instant: requests received at or after it; default 24 hours before `until` */
                since?: string;
                /** @description A UTC instant: requests received at or before it; default now. At most 30 days after `since` */
                until?: string;
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of request records */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RequestLogPage"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    listAccountRequests: {
        parameters: {
            query?: {
                status?: number;
                operation_id?: string;
                request_id?: string;
                /** @description A UTC instant: requests received at or after it; default 24 hours before `until` */
                since?: string;
                /** @description A UTC instant: requests received at or before it; default now. At most 30 days after `since` */
                until?: string;
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of request records */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RequestLogPage"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    listVenues: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of venues */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Venue"][];
                        next_cursor: string | null;
                    };
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    createVenue: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateVenueRequest"];
            };
        };
        responses: {
            /** @description Venue registered */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description The venue */
                    Location: string;
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Venue"];
                };
            };
            400: components["responses"]["Problem400ValidationErrorMetered"];
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409IdempotencyConflictMetered"];
            413: components["responses"]["Problem413PayloadTooLargeMetered"];
            415: components["responses"]["Problem415UnsupportedMediaTypeMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getVenue: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                venueID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The venue */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Venue"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    replaceVenueItems: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                venueID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VenueItemsRequest"];
            };
        };
        responses: {
            /** @description The venue with its new items */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Venue"];
                };
            };
            400: components["responses"]["Problem400ValidationErrorMetered"];
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            413: components["responses"]["Problem413PayloadTooLargeMetered"];
            415: components["responses"]["Problem415UnsupportedMediaTypeMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    disableVenue: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                venueID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The disabled venue */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Venue"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409VenueInvalidStateMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    createEnrollmentCode: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                venueID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A fresh enrollment code */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnrollmentCode"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409VenueInvalidStateMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    listVenueDevices: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                venueID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of devices */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["VenueDevice"][];
                        next_cursor: string | null;
                    };
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    disableVenueDevice: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                venueID: string;
                deviceID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The disabled device */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VenueDevice"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            409: components["responses"]["Problem409DeviceInvalidStateMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    registerDevice: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterDeviceRequest"];
            };
        };
        responses: {
            /** @description The enrolled device */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Device"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409VenueInvalidState"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationErrorOrEnrollmentCodeInvalid"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    listVenueItems: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The device's venue and its items */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VenueItems"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    verifyPass: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerifyPassRequest"];
            };
        };
        responses: {
            /** @description The pass as the door sees it */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PassAtTheDoor"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409PassNotValidHere"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    listVenueRedemptions: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                /** @description Only redemptions recorded at or after this instant. */
                since?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of redemptions */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RedemptionsPage"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    redeemPass: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RedeemPassRequest"];
            };
        };
        responses: {
            /** @description The redemption */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Redemption"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409IdempotencyConflictOrPassNotReadyOrPassAlreadyUsedOrPassCanceledOrPassExpiredOrPassNotValidHere"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    listStatements: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of statements */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Statement"][];
                        next_cursor: string | null;
                    };
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    getStatement: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                /** @description A UTC month, `YYYY-MM` */
                period: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statement */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Statement"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            404: components["responses"]["Problem404ResourceNotFoundMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    listStatementLines: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                kind?: "visit" | "no_show" | "pass" | "cancellation_credit" | "cancellation_fee" | "esim" | "esim_topup" | "esim_refund" | "adjustment";
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                /** @description A UTC month, `YYYY-MM` */
                period: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of lines, or every line as CSV */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["LedgerLine"][];
                        next_cursor: string | null;
                    };
                    "text/csv; charset=utf-8; header=present": string;
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    employeeListStatements: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of statements */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Statement"][];
                        next_cursor: string | null;
                    };
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeGetStatement: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
                /** @description A UTC month, `YYYY-MM` */
                period: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statement */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Statement"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeListStatementLines: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                kind?: "visit" | "no_show" | "pass" | "cancellation_credit" | "cancellation_fee" | "esim" | "esim_topup" | "esim_refund" | "adjustment";
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
                /** @description A UTC month, `YYYY-MM` */
                period: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of lines, or every line as CSV */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["LedgerLine"][];
                        next_cursor: string | null;
                    };
                    "text/csv; charset=utf-8; header=present": string;
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    createAdjustment: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AdjustmentRequest"];
            };
        };
        responses: {
            /** @description The adjustment line */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerLine"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409IdempotencyConflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    listPeriodStatements: {
        parameters: {
            query: {
                limit?: number;
                cursor?: string;
                /** @description A UTC month, `YYYY-MM` */
                period: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of statements, or all of them as CSV */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AccountStatement"][];
                        next_cursor: string | null;
                    };
                    "text/csv; charset=utf-8; header=present": string;
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    searchBookings: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                /** @description Only this account's bookings. */
                account_id?: string;
                status?: "Processing" | "Issued" | "Confirmed" | "Canceled" | "Expired";
                service_type?: "Lounge" | "FastTrack";
                /** @description Bookings whose contact email equals this after normalisation (trimmed, inner whitespace collapsed, case ignored): " DOE " finds "Doe", "Do" does not. */
                email?: string;
                /** @description Bookings whose contact last name (not the other guests’) equals this after normalisation (trimmed, inner whitespace collapsed, case ignored): " DOE " finds "Doe", "Do" does not. */
                last_name?: string;
                /** @description Bookings whose transport (flight) number equals this after normalisation (trimmed, inner whitespace collapsed, case ignored): " DOE " finds "Doe", "Do" does not. */
                transport_number?: string;
                /** @description Only bookings created at or after this instant. */
                created_from?: string;
                /** @description Only bookings created at or before this instant. */
                created_to?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of bookings */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminBookingsPage"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    getAdminBooking: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                bookingID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The booking */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminBookingDetail"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404BookingNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    cancelBookingOnBehalf: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path: {
                bookingID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CancelOnBehalfRequest"];
            };
        };
        responses: {
            /** @description The canceled booking */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminBooking"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404BookingNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409IdempotencyConflictOrBookingAlreadyCanceledOrBookingAlreadyConfirmed"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    listAdminEsims: {
        parameters: {
            query: {
                limit?: number;
                cursor?: string;
                /** @description Required: the account whose eSIMs to list. */
                account_id: string;
                /** @description Only eSIMs in this status; a page may then hold fewer than `limit`. */
                status?: "NotActive" | "Active" | "Exhausted" | "Expired" | "Suspended" | "Refunded";
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of eSIMs */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminEsimsPage"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    getAdminEsim: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                /** @description ICCID: 19 or 20 digits, starting with 89, the last a Luhn check digit over the others. */
                iccid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The eSIM */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminEsimDetail"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404EsimNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    suspendEsim: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path: {
                /** @description ICCID: 19 or 20 digits, starting with 89, the last a Luhn check digit over the others. */
                iccid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EsimSuspensionRequest"];
            };
        };
        responses: {
            /** @description The suspended eSIM */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminEsimDetail"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404EsimNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409IdempotencyConflictOrEsimInvalidState"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    resumeEsim: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path: {
                /** @description ICCID: 19 or 20 digits, starting with 89, the last a Luhn check digit over the others. */
                iccid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EsimSuspensionRequest"];
            };
        };
        responses: {
            /** @description The resumed eSIM */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AdminEsimDetail"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404EsimNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409IdempotencyConflictOrEsimInvalidState"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
                type?: string;
                since?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of events */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    /** @description Left of the day: `"daily";r=<remaining>;t=<seconds to 00:00 UTC>`; absent when the count took over 100 ms */
                    RateLimit?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventsPage"];
                };
            };
            401: components["responses"]["Problem401UnauthorizedMetered"];
            403: components["responses"]["Problem403ForbiddenMetered"];
            405: components["responses"]["Problem405MethodNotAllowedMetered"];
            422: components["responses"]["Problem422ValidationErrorMetered"];
            429: components["responses"]["Problem429RateLimitExceededMetered"];
            500: components["responses"]["Problem500InternalErrorMetered"];
            503: components["responses"]["Problem503ServiceUnavailableMetered"];
        };
    };
    employeeListAccounts: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of accounts */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Account"][];
                        next_cursor: string | null;
                    };
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeCreateAccount: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateAccountRequest"];
            };
        };
        responses: {
            /** @description Account created */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description The account */
                    Location: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedAccount"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409IdempotencyConflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeGetAccount: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeDisableAccount: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The disabled account */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeChangeAccountPlan: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangePlanRequest"];
            };
        };
        responses: {
            /** @description The account on its new plan */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeListAccountCertificates: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account's certificates */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CertificateList"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeAddAccountCertificate: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddCertificateRequest"];
            };
        };
        responses: {
            /** @description The certificate, with its PEM */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description The account's certificates */
                    Location: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IssuedCertificate"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409IdempotencyConflictOrCertificateLimitReached"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeRevokeAccountCertificate: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
                serial: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked certificate */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Certificate"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409CertificateInvalidState"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeListApplications: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of applications */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Application"][];
                        next_cursor: string | null;
                    };
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeCreateApplication: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApplicationRequest"];
            };
        };
        responses: {
            /** @description Application created */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description The application */
                    Location: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationWithSecret"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409IdempotencyConflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeGetApplication: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
                clientID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The application */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Application"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeDisableApplication: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
                clientID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The disabled application */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Application"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeEnableApplication: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
                clientID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The enabled application */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Application"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409ApplicationInvalidState"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeRotateApplicationSecret: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
                clientID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The application with its new secret, shown once */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApplicationWithSecret"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeGetEsimPool: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pool */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EsimPool"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeLoadEsimPool: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EsimPoolLoadRequest"];
            };
        };
        responses: {
            /** @description Counts of the load */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EsimPoolLoad"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeLinkEsimReseller: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                accountID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EsimResellerLinkRequest"];
            };
        };
        responses: {
            /** @description The link */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EsimResellerLink"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409EsimResellerAlreadyLinked"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeListVenues: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of venues */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Venue"][];
                        next_cursor: string | null;
                    };
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeCreateVenue: {
        parameters: {
            query?: never;
            header: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
                /** @description Up to 256 characters; a UUID is recommended. */
                "Idempotency-Key": components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateVenueRequest"];
            };
        };
        responses: {
            /** @description Venue registered */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    /** @description The venue */
                    Location: string;
                    "Idempotency-Key": components["headers"]["Idempotency-Key"];
                    "Idempotency-Status": components["headers"]["Idempotency-Status"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Venue"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409IdempotencyConflict"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeGetVenue: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                venueID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The venue */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Venue"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeReplaceVenueItems: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                venueID: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VenueItemsRequest"];
            };
        };
        responses: {
            /** @description The venue with its new items */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Venue"];
                };
            };
            400: components["responses"]["Problem400ValidationError"];
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            413: components["responses"]["Problem413PayloadTooLarge"];
            415: components["responses"]["Problem415UnsupportedMediaType"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeDisableVenue: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                venueID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The disabled venue */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Venue"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409VenueInvalidState"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeCreateEnrollmentCode: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                venueID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A fresh enrollment code */
            201: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EnrollmentCode"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409VenueInvalidState"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeListVenueDevices: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                venueID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of devices */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["VenueDevice"][];
                        next_cursor: string | null;
                    };
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    employeeDisableVenueDevice: {
        parameters: {
            query?: never;
            header?: {
                "X-Request-ID"?: components["parameters"]["X-Request-ID"];
            };
            path: {
                venueID: string;
                deviceID: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The disabled device */
            200: {
                headers: {
                    "X-Request-ID": components["headers"]["X-Request-ID"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VenueDevice"];
                };
            };
            401: components["responses"]["Problem401Unauthorized"];
            403: components["responses"]["Problem403Forbidden"];
            404: components["responses"]["Problem404ResourceNotFound"];
            405: components["responses"]["Problem405MethodNotAllowed"];
            409: components["responses"]["Problem409DeviceInvalidState"];
            422: components["responses"]["Problem422ValidationError"];
            500: components["responses"]["Problem500InternalError"];
            503: components["responses"]["Problem503ServiceUnavailable"];
        };
    };
    webhook_booking_status_changed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, as in the body */
                "X-Webhook-Id": string;
                /** @description HMAC subscriptions only (absent with `signing: "ed25519"`): `sha256=<lowercase hex HMAC-SHA256 of the raw body>`; during a rotation grace period `sha256=<current>,sha256=<previous>`. */
                "X-Webhook-Signature"?: string;
                /** @description Standard Webhooks: the event id */
                "webhook-id": string;
                /** @description Standard Webhooks: seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` (HMAC subscriptions) or `v1a,<base64 Ed25519 signature of "<id>.<timestamp>.<body>">` (`signing: "ed25519"`, verify with the subscription's `public_key`); two, space-separated, during a grace period. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique per event, the same on every attempt: dedupe on it. */
                    id: string;
                    /** @constant */
                    event: "booking.status.changed";
                    /**
                     * Format: date-time
                     * @description When the event happened.
                     */
                    timestamp: string;
                    data: {
                        booking_id: string;
                        /** @enum {string} */
                        service_type: "Lounge" | "FastTrack";
                        status: string;
                        /** @description null on the first status of the subject */
                        previous_status: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the notification; 410 disables the subscription. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_pass_status_changed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, as in the body */
                "X-Webhook-Id": string;
                /** @description HMAC subscriptions only (absent with `signing: "ed25519"`): `sha256=<lowercase hex HMAC-SHA256 of the raw body>`; during a rotation grace period `sha256=<current>,sha256=<previous>`. */
                "X-Webhook-Signature"?: string;
                /** @description Standard Webhooks: the event id */
                "webhook-id": string;
                /** @description Standard Webhooks: seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` (HMAC subscriptions) or `v1a,<base64 Ed25519 signature of "<id>.<timestamp>.<body>">` (`signing: "ed25519"`, verify with the subscription's `public_key`); two, space-separated, during a grace period. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique per event, the same on every attempt: dedupe on it. */
                    id: string;
                    /** @constant */
                    event: "pass.status.changed";
                    /**
                     * Format: date-time
                     * @description When the event happened.
                     */
                    timestamp: string;
                    data: {
                        booking_id: string;
                        /** @enum {string} */
                        service_type: "Lounge" | "FastTrack";
                        status: string;
                        /** @description null on the first status of the subject */
                        previous_status: string | null;
                        pass_id: string;
                        /** @description Only when status is Used: the guests admitted (1..guests_count). */
                        used_guests_count?: number;
                        /** @description Only when status is Used: when the pass was scanned at the door (RFC 3339 UTC). */
                        redeemed_at?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the notification; 410 disables the subscription. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_esim_package_usage_threshold_reached: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, as in the body */
                "X-Webhook-Id": string;
                /** @description HMAC subscriptions only (absent with `signing: "ed25519"`): `sha256=<lowercase hex HMAC-SHA256 of the raw body>`; during a rotation grace period `sha256=<current>,sha256=<previous>`. */
                "X-Webhook-Signature"?: string;
                /** @description Standard Webhooks: the event id */
                "webhook-id": string;
                /** @description Standard Webhooks: seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` (HMAC subscriptions) or `v1a,<base64 Ed25519 signature of "<id>.<timestamp>.<body>">` (`signing: "ed25519"`, verify with the subscription's `public_key`); two, space-separated, during a grace period. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique per event, the same on every attempt: dedupe on it. */
                    id: string;
                    /** @constant */
                    event: "esim.package.usage_threshold_reached";
                    /**
                     * Format: date-time
                     * @description When the event happened.
                     */
                    timestamp: string;
                    data: {
                        iccid: string;
                        package_id: string;
                        /** @description The package's data allowance */
                        data_mb: number;
                        /** @description Data used when the event happened */
                        used_mb: number;
                        /** @description The usage threshold reached, percent of data_mb (your settings, GET /v2/b2b/settings/esim) */
                        threshold: number;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the notification; 410 disables the subscription. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_esim_package_exhausted: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, as in the body */
                "X-Webhook-Id": string;
                /** @description HMAC subscriptions only (absent with `signing: "ed25519"`): `sha256=<lowercase hex HMAC-SHA256 of the raw body>`; during a rotation grace period `sha256=<current>,sha256=<previous>`. */
                "X-Webhook-Signature"?: string;
                /** @description Standard Webhooks: the event id */
                "webhook-id": string;
                /** @description Standard Webhooks: seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` (HMAC subscriptions) or `v1a,<base64 Ed25519 signature of "<id>.<timestamp>.<body>">` (`signing: "ed25519"`, verify with the subscription's `public_key`); two, space-separated, during a grace period. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique per event, the same on every attempt: dedupe on it. */
                    id: string;
                    /** @constant */
                    event: "esim.package.exhausted";
                    /**
                     * Format: date-time
                     * @description When the event happened.
                     */
                    timestamp: string;
                    data: {
                        iccid: string;
                        package_id: string;
                        /** @description The package's data allowance */
                        data_mb: number;
                        /** @description Data used when the event happened */
                        used_mb: number;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the notification; 410 disables the subscription. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_esim_package_expiring: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, as in the body */
                "X-Webhook-Id": string;
                /** @description HMAC subscriptions only (absent with `signing: "ed25519"`): `sha256=<lowercase hex HMAC-SHA256 of the raw body>`; during a rotation grace period `sha256=<current>,sha256=<previous>`. */
                "X-Webhook-Signature"?: string;
                /** @description Standard Webhooks: the event id */
                "webhook-id": string;
                /** @description Standard Webhooks: seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` (HMAC subscriptions) or `v1a,<base64 Ed25519 signature of "<id>.<timestamp>.<body>">` (`signing: "ed25519"`, verify with the subscription's `public_key`); two, space-separated, during a grace period. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique per event, the same on every attempt: dedupe on it. */
                    id: string;
                    /** @constant */
                    event: "esim.package.expiring";
                    /**
                     * Format: date-time
                     * @description When the event happened.
                     */
                    timestamp: string;
                    data: {
                        iccid: string;
                        package_id: string;
                        /** @description The package's expires_at */
                        expires_at: string;
                        /** @description Which notice this is: 3, then 1 (days before expires_at) */
                        days_left: number;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the notification; 410 disables the subscription. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_esim_package_expired: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, as in the body */
                "X-Webhook-Id": string;
                /** @description HMAC subscriptions only (absent with `signing: "ed25519"`): `sha256=<lowercase hex HMAC-SHA256 of the raw body>`; during a rotation grace period `sha256=<current>,sha256=<previous>`. */
                "X-Webhook-Signature"?: string;
                /** @description Standard Webhooks: the event id */
                "webhook-id": string;
                /** @description Standard Webhooks: seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` (HMAC subscriptions) or `v1a,<base64 Ed25519 signature of "<id>.<timestamp>.<body>">` (`signing: "ed25519"`, verify with the subscription's `public_key`); two, space-separated, during a grace period. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique per event, the same on every attempt: dedupe on it. */
                    id: string;
                    /** @constant */
                    event: "esim.package.expired";
                    /**
                     * Format: date-time
                     * @description When the event happened.
                     */
                    timestamp: string;
                    data: {
                        iccid: string;
                        package_id: string;
                        /** @description The package's data allowance */
                        data_mb: number;
                        /** @description Data used when the event happened */
                        used_mb: number;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the notification; 410 disables the subscription. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_esim_status_changed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, as in the body */
                "X-Webhook-Id": string;
                /** @description HMAC subscriptions only (absent with `signing: "ed25519"`): `sha256=<lowercase hex HMAC-SHA256 of the raw body>`; during a rotation grace period `sha256=<current>,sha256=<previous>`. */
                "X-Webhook-Signature"?: string;
                /** @description Standard Webhooks: the event id */
                "webhook-id": string;
                /** @description Standard Webhooks: seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` (HMAC subscriptions) or `v1a,<base64 Ed25519 signature of "<id>.<timestamp>.<body>">` (`signing: "ed25519"`, verify with the subscription's `public_key`); two, space-separated, during a grace period. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique per event, the same on every attempt: dedupe on it. */
                    id: string;
                    /** @constant */
                    event: "esim.status.changed";
                    /**
                     * Format: date-time
                     * @description When the event happened.
                     */
                    timestamp: string;
                    data: {
                        iccid: string;
                        /** @description Suspended, Refunded, or the status it resumed to */
                        status: string;
                        previous_status: string;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the notification; 410 disables the subscription. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_esim_profile_status_changed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, as in the body */
                "X-Webhook-Id": string;
                /** @description HMAC subscriptions only (absent with `signing: "ed25519"`): `sha256=<lowercase hex HMAC-SHA256 of the raw body>`; during a rotation grace period `sha256=<current>,sha256=<previous>`. */
                "X-Webhook-Signature"?: string;
                /** @description Standard Webhooks: the event id */
                "webhook-id": string;
                /** @description Standard Webhooks: seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` (HMAC subscriptions) or `v1a,<base64 Ed25519 signature of "<id>.<timestamp>.<body>">` (`signing: "ed25519"`, verify with the subscription's `public_key`); two, space-separated, during a grace period. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique per event, the same on every attempt: dedupe on it. */
                    id: string;
                    /** @constant */
                    event: "esim.profile.status_changed";
                    /**
                     * Format: date-time
                     * @description When the event happened.
                     */
                    timestamp: string;
                    data: {
                        iccid: string;
                        /** @enum {string} */
                        state: "Released" | "Downloaded" | "Installed" | "Enabled" | "Disabled" | "Deleted";
                        /** @enum {string} */
                        previous_state: "Released" | "Downloaded" | "Installed" | "Enabled" | "Disabled" | "Deleted";
                        /** @description The eUICC (32 digits) the profile went to, once the SM-DP+ named it */
                        eid: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the notification; 410 disables the subscription. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_billing_statement_closed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, as in the body */
                "X-Webhook-Id": string;
                /** @description HMAC subscriptions only (absent with `signing: "ed25519"`): `sha256=<lowercase hex HMAC-SHA256 of the raw body>`; during a rotation grace period `sha256=<current>,sha256=<previous>`. */
                "X-Webhook-Signature"?: string;
                /** @description Standard Webhooks: the event id */
                "webhook-id": string;
                /** @description Standard Webhooks: seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` (HMAC subscriptions) or `v1a,<base64 Ed25519 signature of "<id>.<timestamp>.<body>">` (`signing: "ed25519"`, verify with the subscription's `public_key`); two, space-separated, during a grace period. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique per event, the same on every attempt: dedupe on it. */
                    id: string;
                    /** @constant */
                    event: "billing.statement.closed";
                    /**
                     * Format: date-time
                     * @description When the event happened.
                     */
                    timestamp: string;
                    data: {
                        /** @description The closed month, `YYYY-MM` (UTC) */
                        period: string;
                        totals: {
                            amount: string;
                            currency: string;
                            line_count: number;
                        }[];
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the notification; 410 disables the subscription. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhook_webhook_ping: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id, as in the body */
                "X-Webhook-Id": string;
                /** @description HMAC subscriptions only (absent with `signing: "ed25519"`): `sha256=<lowercase hex HMAC-SHA256 of the raw body>`; during a rotation grace period `sha256=<current>,sha256=<previous>`. */
                "X-Webhook-Signature"?: string;
                /** @description Standard Webhooks: the event id */
                "webhook-id": string;
                /** @description Standard Webhooks: seconds since the epoch of this attempt */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` (HMAC subscriptions) or `v1a,<base64 Ed25519 signature of "<id>.<timestamp>.<body>">` (`signing: "ed25519"`, verify with the subscription's `public_key`); two, space-separated, during a grace period. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Unique per event, the same on every attempt: dedupe on it. */
                    id: string;
                    /** @constant */
                    event: "webhook.ping";
                    /**
                     * Format: date-time
                     * @description When the event happened.
                     */
                    timestamp: string;
                    data: {
                        /** Format: uuid */
                        webhook_id: string;
                    };
                };
            };
        };
        responses: {
            /** @description Any 2xx acknowledges the notification; 410 disables the subscription. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
