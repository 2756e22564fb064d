// The live table page (bot/web): the board, the seats, the clock and the last moves of one table,
// kept up to date over a WebSocket; with a personal token (a "Play in browser" link's #k=, or the
// Activity's handshake) also the player's hand and move menus. Plain JavaScript, no build step.
// Watching needs the table's watch token (Watch live's #w=, also in a personal link) or a
// personal token: the page sends it in its hello, and fetches the board with it.
//
// The page's HTML (bot/web/page.py) holds a JSON block #tablee-page: {"table": id, "lang": "en",
// "activity": bool, "words": {...}} with every word the page shows, in the page's language.
// window.TableePage.start({token, watch}) starts it; the Activity's activity.js calls it after its
// handshake, elsewhere this file starts it itself.
(() => {
  "use strict";

  const config = JSON.parse(document.getElementById("tablee-page").textContent);
  const words = config.words || {};
  const word = (key, fields) => {
    let text = words[key] || key;
    for (const [name, value] of Object.entries(fields || {})) {
      text = text.split(`{${name}}`).join(String(value));
    }
    return text;
  };
  const $ = (id) => document.getElementById(id);
  const make = (tag, props, ...children) => {
    const node = document.createElement(tag);
    Object.assign(node, props || {});
    for (const child of children) {
      if (child !== null && child !== undefined) {
        node.append(child);
      }
    }
    return node;
  };
  let tokenKey = `tablee:k:${config.table}`;
  let watchKey = `tablee:w:${config.table}`;

  let started = false;
  let token = null;
  let watch = null; // the table's watch token
  let boardObject = null; // the board image's object URL
  let state = null; // the newest State the server sent
  let path = []; // the menu tokens picked so far, for the current version
  let pathVersion = -1;
  let socket = null;
  let retries = 0;
  let sending = false;
  let awaited = 0; // after a move the server took: its version, until the page has it
  let handUrl = null; // the hand image's URL the page shows (its object URL in handObject)
  let handObject = null;
  let clockTimer = null;

  // --- The tokens: from the address (#k=... personal, #w=... watch), then kept in this tab only.

  function takeToken(given, name, key) {
    if (given) {
      return given;
    }
    const match = new RegExp(`(?:^#|&)${name}=([^&]+)`).exec(location.hash);
    if (match) {
      const found = decodeURIComponent(match[1]);
      try {
        sessionStorage.setItem(key, found);
      } catch (_error) {
        // storage refused (private mode): the token lives in this page only
      }
      return found;
    }
    try {
      return sessionStorage.getItem(key);
    } catch (_error) {
      return null;
    }
  }

  function forgetToken() {
    token = null;
    try {
      sessionStorage.removeItem(tokenKey);
    } catch (_error) {
      // nothing kept
    }
  }

  // --- The WebSocket: hello with the version the page has, reconnect with a back-off. --------

  function connect() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/t/${config.table}/ws`);
    socket = ws;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({
        type: "hello", stamp: state ? state.stamp : null, token, watch, lang: config.lang,
      }));
    });
    ws.addEventListener("message", (event) => {
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch (_error) {
        return;
      }
      if (frame.type === "state") {
        retries = 0;
        setConnection(true);
        show(frame); // the server sends states in order, each one new to this page
      } else if (frame.type === "error") {
        if (token) {
          forgetToken(); // a refused link: the page goes on for a spectator
        }
        say(frame.text, true);
      }
    });
    ws.addEventListener("close", (event) => {
      if (socket !== ws) {
        return;
      }
      socket = null;
      if (event.code === 4403) {
        return; // no token lets this page watch: it said why, and stops here
      }
      setConnection(false);
      // 0.25 s, 0.5 s, 1 s, then every 2 s, each with some jitter so a restarted bot is not hit by
      // every page in the same instant
      const delay = Math.min(2000, 250 * 2 ** retries) * (0.75 + Math.random() / 2);
      retries += 1;
      setTimeout(connect, delay);
    });
  }

  function setConnection(up) {
    const note = $("connection");
    note.hidden = up;
    note.textContent = up ? "" : word("reconnecting");
    document.body.classList.toggle("offline", !up);
  }

  // --- Showing a state. ----------------------------------------------------------------------

  function gameOf(someState) {
    return String(someState.stamp || "").split(".")[0];
  }

  function show(next) {
    const previous = state;
    state = next;
    if (previous && gameOf(previous) !== gameOf(next)) {
      awaited = 0; // a new game (a rematch) at this table counts its versions from 1 again
    }
    if (!previous || previous.stamp !== next.stamp) {
      path = [];
      pathVersion = next.version;
      if (previous && !sending) {
        say("", false); // the last refusal was about the previous position
      }
    }
    document.title = `${next.game} · ${word("title")}`;
    $("game").textContent = next.game;
    $("status").textContent = next.status_text;
    document.body.dataset.status = next.status;
    document.body.dataset.version = String(next.version);
    showBoard(next.board);
    showSeats(next);
    showClock(next.clock);
    showLines(next.lines);
    showYou(next.you);
  }

  function showBoard(board) {
    const image = $("board-image");
    const frame = $("board");
    frame.hidden = !board;
    if (!board) {
      $("regions").replaceChildren();
      return;
    }
    frame.style.aspectRatio = `${board.width} / ${board.height}`;
    document.body.dataset.boardUrl = board.url; // the board the page has (shown: once swapped in)
    if (frame.dataset.asked !== board.url) {
      // An <img> cannot send the token: the picture is fetched with it, decoded off screen and
      // swapped in once ready: no blank flash.
      frame.dataset.asked = board.url;
      fetch(board.url, { headers: { Authorization: `Bearer ${watch || token}` } })
        .then((response) => (response.ok ? response.blob() : null))
        .then((blob) => {
          if (!blob) {
            frame.dataset.asked = "";
            return undefined;
          }
          const objectUrl = URL.createObjectURL(blob);
          const next = new Image();
          next.src = objectUrl;
          return next.decode().catch(() => undefined).then(() => {
            if (!(state && state.board && state.board.url === board.url)) {
              URL.revokeObjectURL(objectUrl);
              return;
            }
            image.src = objectUrl;
            image.width = board.width;
            image.height = board.height;
            if (boardObject) {
              URL.revokeObjectURL(boardObject);
            }
            boardObject = objectUrl;
            frame.dataset.shown = board.url;
          });
        })
        .catch(() => {
          frame.dataset.asked = "";
        });
    }
    showRegions(board);
  }

  // The regions of a picture (the board, or the player's hand) that stand for a choice the
  // current step offers, as buttons over it (placed in % of the picture, so at any size).
  function showRegions(board, layerId = "regions") {
    const layer = $(layerId);
    layer.replaceChildren();
    if (!board) {
      return;
    }
    const offered = new Map(currentChoices().map(([value, label]) => [value, label]));
    for (const region of board.regions || []) {
      if (!offered.has(region.key)) {
        continue;
      }
      const [x, y, w, h] = region.box;
      const button = make("button", {
        type: "button", className: "region", title: offered.get(region.key),
      });
      button.setAttribute("aria-label", offered.get(region.key));
      button.dataset.key = region.key;
      button.style.left = `${(100 * x) / board.width}%`;
      button.style.top = `${(100 * y) / board.height}%`;
      button.style.width = `${(100 * w) / board.width}%`;
      button.style.height = `${(100 * h) / board.height}%`;
      button.addEventListener("click", () => pick(region.key));
      layer.append(button);
    }
  }

  function showSeats(next) {
    const list = $("seats");
    list.replaceChildren();
    const mine = next.you ? next.you.seat : null;
    for (const seat of next.seats) {
      const item = make("li", { className: "seat" },
        make("span", { className: "seat-number", textContent: String(seat.seat) }),
        make("span", { className: "seat-name", textContent: seat.name }));
      item.dataset.seat = String(seat.seat);
      if (seat.computer) {
        item.append(make("span", { className: "tag", textContent: word("computer") }));
      }
      if (seat.seat === mine) {
        item.classList.add("mine");
        item.append(make("span", { className: "tag", textContent: word("you") }));
      }
      if (seat.to_move) {
        item.classList.add("to-move");
        item.append(make("span", { className: "tag turn", textContent: word("to_move") }));
      }
      list.append(item);
    }
  }

  function showClock(clock) {
    const box = $("clock");
    clearInterval(clockTimer);
    clockTimer = null;
    if (!clock || clock.deadline === null || clock.deadline === undefined) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const tick = () => {
      const left = Math.max(0, Math.round(clock.deadline - Date.now() / 1000));
      const hours = Math.floor(left / 3600);
      const minutes = Math.floor((left % 3600) / 60);
      const seconds = String(left % 60).padStart(2, "0");
      const time = hours ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}`
        : `${minutes}:${seconds}`;
      box.textContent = clock.name ? word("clock_of", { name: clock.name, time })
        : word("clock", { time });
      box.classList.toggle("low", left < 30);
    };
    tick();
    clockTimer = setInterval(tick, 1000);
  }

  function showLines(lines) {
    const list = $("lines");
    list.replaceChildren(...(lines || []).map((line) => make("li", { textContent: line })));
    $("moves").hidden = !(lines && lines.length);
  }

  // --- The player's panel: hand and menus. -----------------------------------------------------

  function showYou(you) {
    const panel = $("you");
    document.body.classList.toggle("player", Boolean(you));
    if (!you) {
      panel.hidden = true;
      setHand(null);
      showRegions(null, "hand-regions");
      return;
    }
    panel.hidden = false;
    $("you-name").textContent = word("seat_of", { seat: you.seat, name: you.name });
    setHand(you.hand_url);
    showMenu(you);
    showRegions(you.hand, "hand-regions");
  }

  function setHand(url) {
    const image = $("hand-image");
    if (url === handUrl) {
      return;
    }
    handUrl = url;
    $("hand").hidden = !url;
    if (!url) {
      image.removeAttribute("src");
      return;
    }
    // An <img> cannot send the token: fetch the picture with it, then show the blob.
    fetch(url, { headers: { Authorization: `Bearer ${token}` }, cache: "no-store" })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => {
        if (!blob || handUrl !== url) {
          return;
        }
        const objectUrl = URL.createObjectURL(blob);
        const swap = new Image();
        swap.src = objectUrl;
        return swap.decode().catch(() => undefined).then(() => {
          if (handUrl !== url) {
            URL.revokeObjectURL(objectUrl);
            return;
          }
          image.src = objectUrl;
          if (handObject) {
            URL.revokeObjectURL(handObject);
          }
          handObject = objectUrl;
        });
      })
      .catch(() => undefined);
  }

  // The moves whose first steps are the tokens picked so far.
  function matching() {
    const menu = (state && state.you && state.you.menu) || [];
    return menu.filter((entry) => path.every((value, i) => entry.steps[i]
      && entry.steps[i][0] === value));
  }

  // [token, label] pairs offered at the current step (in the menu's order, once each).
  function currentChoices() {
    if (!state || !state.you || !state.you.to_move || sending || state.version < awaited) {
      return [];
    }
    const seen = new Map();
    for (const entry of matching()) {
      const step = entry.steps[path.length];
      if (step && !seen.has(step[0])) {
        seen.set(step[0], step[1]);
      }
    }
    return [...seen.entries()];
  }

  function showMenu(you) {
    const box = $("menu");
    box.replaceChildren();
    if (state.version < awaited) {
      box.append(make("p", { className: "wait", textContent: word("sending") }));
      return;
    }
    if (!you.to_move || !you.menu || !you.menu.length) {
      box.append(make("p", { className: "wait", textContent: word("waiting") }));
      return;
    }
    box.append(make("p", { className: "prompt", textContent: word("your_move") }));
    if (path.length) {
      const picked = [];
      let entries = you.menu;
      path.forEach((value, i) => {
        const entry = entries.find((e) => e.steps[i] && e.steps[i][0] === value);
        picked.push(entry ? entry.steps[i][1] : value);
        entries = entries.filter((e) => e.steps[i] && e.steps[i][0] === value);
      });
      box.append(make("p", { className: "path", textContent: picked.join(" › ") }));
    }
    const choices = currentChoices();
    if (choices.length > 12) {
      const select = make("select", { className: "choices" });
      select.setAttribute("aria-label", word("choose"));
      select.append(make("option", { value: "", textContent: word("choose") }));
      for (const [value, label] of choices) {
        select.append(make("option", { value, textContent: label }));
      }
      select.addEventListener("change", () => {
        if (select.value) {
          pick(select.value);
        }
      });
      box.append(select);
    } else {
      const list = make("div", { className: "choices" });
      for (const [value, label] of choices) {
        const button = make("button", { type: "button", className: "choice", textContent: label });
        button.dataset.token = value;
        button.disabled = sending;
        button.addEventListener("click", () => pick(value));
        list.append(button);
      }
      box.append(list);
    }
    if (path.length) {
      const back = make("button", { type: "button", className: "back", textContent: word("back") });
      back.addEventListener("click", () => {
        path.pop();
        redrawMenu();
      });
      box.append(back);
    }
  }

  function redrawMenu() {
    if (state && state.you) {
      showMenu(state.you);
      showRegions(state.board);
      showRegions(state.you.hand, "hand-regions");
    }
  }

  function pick(value) {
    if (!state || !state.you || sending || pathVersion !== state.version) {
      return;
    }
    if (!currentChoices().some(([offered]) => offered === value)) {
      return;
    }
    path.push(value);
    const done = matching().find((entry) => entry.steps.length === path.length);
    if (done) {
      send(done.move, state.version);
    } else {
      redrawMenu();
    }
  }

  async function send(move, version) {
    sending = true;
    say(word("sending"), false);
    redrawMenu();
    try {
      const response = await fetch(`/t/${config.table}/move`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify({ move, version }),
        cache: "no-store",
      });
      let answer = {};
      try {
        answer = await response.json();
      } catch (_error) {
        answer = {};
      }
      if (response.ok && answer.ok) {
        awaited = answer.version; // no menu for the old position while its state is on its way
        if (state.version >= awaited) {
          say("", false);
        }
      } else {
        say(answer.error || word("refused"), true);
        path = [];
      }
    } catch (_error) {
      say(word("network"), true);
      path = [];
    } finally {
      sending = false;
      redrawMenu();
    }
  }

  function say(text, problem) {
    const box = $("notice");
    // Beside the menus for a player (at the bottom of a phone's screen), else under the title.
    const home = state && state.you ? $("you") : document.querySelector("header.top");
    if (box.parentElement !== home) {
      home.append(box);
    }
    box.textContent = text;
    box.hidden = !text;
    box.classList.toggle("problem", Boolean(problem));
  }

  // {token}: the person's personal token (null: a spectator); {watch}: the table's watch token;
  // {table}: the table, when the Activity learnt it after the page loaded.
  function start(options) {
    if (started) {
      return;
    }
    started = true;
    if (options && options.table) {
      config.table = String(options.table);
    }
    tokenKey = `tablee:k:${config.table}`;
    watchKey = `tablee:w:${config.table}`;
    token = takeToken(options && options.token, "k", tokenKey);
    watch = takeToken(options && options.watch, "w", watchKey);
    if (/(?:^#|&)[kw]=/.test(location.hash)) {
      history.replaceState(history.state, "", location.pathname + location.search);
    }
    if (!token && !watch) {
      // Nothing lets this page watch: say so (unless the Activity already said why).
      if ($("notice").hidden) {
        say(word("not_watching"), true);
      }
      return;
    }
    connect();
  }

  window.TableePage = { start };
  // Inside Discord (an Activity: Discord's frame_id and instance_id in the address) the
  // Activity's script makes the handshake, then calls start; anywhere else the page starts now.
  const query = new URLSearchParams(location.search);
  if (config.activity || (query.has("frame_id") && query.has("instance_id"))) {
    if (!document.querySelector('script[src$="/static/activity.js"]')) {
      document.head.append(make("script", { src: "/static/activity.js", defer: true }));
    }
  } else {
    start({});
  }
})();
