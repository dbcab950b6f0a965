// Scalar's settings for the self-hosted reference: nothing leaves the origin (no telemetry, no default
// fonts, no hosted client, no AI agent or MCP); every tag open and every operation id shown, so the
// whole API reads (and searches) on one page; the light theme only, whose contrast reference.css fixes.
/* global Scalar */
Scalar.createApiReference('#app', {
  url: './openapi.json',
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  hideTestRequestButton: true,
  showDeveloperTools: 'never',
  agent: { disabled: true },
  mcp: { disabled: true },
  showOperationId: true,
  documentDownloadType: 'json',
  persistAuth: false,
  defaultOpenAllTags: true,
  forceDarkModeState: 'light',
  hideDarkModeToggle: true,
});
