// The table page inside Discord, as an Activity (bot/web/activity.py has the server's half).
// Discord opens the page in an iframe with its query (frame_id, instance_id, platform,
// channel_id...); this script then speaks to Discord through the Embedded App SDK
// (/static/activity-sdk.js, bundled from npm by web/activity/build.mjs):
//   ready() -> AUTHORIZE (a code, scope identify) -> POST /api/token (the server exchanges it
//   for an access token made for our application, and answers it with a sign-in of its own,
//   "session") -> AUTHENTICATE (the access token) -> POST /api/activity/session (that sign-in
//   and the instance id: the server checks the person against the Activity instance with the
//   bot token; the table is the instance's channel) -> window.TableePage.start({token})
// with the person's personal token (null: they watch). Outside Discord it does nothing.
// No secret reaches this page: the client id (public) comes in the page's JSON block.
(() => {
  "use strict";

  const query = new URLSearchParams(location.search);
  if (!query.has("frame_id") || !query.has("instance_id")) {
    return; // not inside Discord: table.js starts the page itself
  }
  const block = document.getElementById("tablee-page");
  const config = block ? JSON.parse(block.textContent) : {};
  const words = config.words || {};
  const clientId = String(config.client_id || document.body.dataset.clientId || "");

  function say(text) {
    const box = document.getElementById("notice");
    if (box) {
      box.textContent = text;
      box.hidden = !text;
      box.classList.add("problem");
    }
  }

  function loadSdk() {
    if (window.DiscordSDK) {
      return Promise.resolve(window.DiscordSDK);
    }
    return new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = "/static/activity-sdk.js";
      script.onload = () => resolve(window.DiscordSDK);
      script.onerror = () => reject(new Error(words.activity_failed || "sdk"));
      document.head.append(script);
    });
  }

  // A JSON POST to our server; its {"error": sentence} (in the page's language) on a refusal.
  async function post(path, body) {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(Object.assign({ lang: config.lang }, body)),
      credentials: "same-origin",
    });
    let answer = {};
    try {
      answer = await response.json();
    } catch (error) {
      answer = {};
    }
    if (!response.ok) {
      const refused = new Error(answer.error || words.activity_failed || "refused");
      refused.sentence = answer.error;
      throw refused;
    }
    return answer;
  }

  function startPage(options) {
    if (window.TableePage) {
      window.TableePage.start(options);
    } else {
      window.addEventListener("load", () => window.TableePage && window.TableePage.start(options));
    }
  }

  async function handshake() {
    const DiscordSDK = await loadSdk();
    const sdk = new DiscordSDK(clientId, { disableConsoleLogOverride: true });
    window.tableeActivity = { sdk, step: "ready" };
    await sdk.ready();
    window.tableeActivity.step = "authorize";
    const { code } = await sdk.commands.authorize({
      client_id: clientId,
      response_type: "code",
      state: "",
      prompt: "none",
      scope: ["identify"],
    });
    window.tableeActivity.step = "token";
    const { access_token: accessToken, session: signedIn } = await post("/api/token", { code });
    window.tableeActivity.step = "authenticate";
    const auth = await sdk.commands.authenticate({ access_token: accessToken });
    if (!auth) {
      throw new Error(words.activity_failed || "authenticate");
    }
    window.tableeActivity.step = "session";
    const session = await post("/api/activity/session", {
      session: signedIn,
      instance_id: sdk.instanceId,
    });
    window.tableeActivity.step = "started";
    if (String(session.table) !== String(config.table) && session.url) {
      location.replace(session.url + location.search); // the instance's table is another
      return;
    }
    startPage({ token: session.token, watch: session.watch, table: session.table });
  }

  handshake().catch((error) => {
    // Refused or Discord said no: say why (without a token the page shows no table).
    if (window.tableeActivity) {
      window.tableeActivity.step = "failed";
    }
    say((error && error.sentence) || words.activity_failed ||
        "Discord could not sign you in; close the Activity and open it again.");
    startPage({ token: null });
  });
})();
