/**
 * `rt.js`, Rotor's direct-tracking script (issue 14 item 1, decision 164). A
 * lander on any domain carries
 * `<script async src="https://TRACKER/rt.js" data-campaign="KEY"></script>`;
 * on load it sends the page's address (its query holds the source's tokens,
 * external id, cost and the platforms' click ids) and referrer to
 * `/rt/KEY`, keeps the answered click id in a first-party cookie and
 * `localStorage` (so a reload or a second page of the visit adds no click),
 * and points the page's offer links (`data-rotor-offer`, or `/lp/click`
 * links) at the lander click-through with that click id. No dependencies;
 * the build writes it to `client/dist/rt.js`.
 */

/** What the page keeps about its click. */
type Visit = { id: string; url: string | null; h: string; t: number };

/** A stored click stays the visit's for a day, unless an ad click brings a new address. */
const VISIT_MS = 864e5;
const OFFER_LINKS = "a[data-rotor-offer],a[href*='/lp/click']";

/** A short hash of the page's query (a new ad click brings another one). */
function hash(text: string): string {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = (h * 33) ^ text.charCodeAt(i);
  return (h >>> 0).toString(36);
}

function readVisit(name: string): Visit | null {
  let text: string | null = null;
  try {
    text = localStorage.getItem(name);
  } catch {
    // Storage refused (privacy settings): the cookie still has it.
  }
  if (!text) {
    const pair = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
    text = pair ? decodeURIComponent(pair.slice(name.length + 1)) : null;
  }
  try {
    const visit = text ? JSON.parse(text) as Visit : null;
    return visit && typeof visit.id === "string" ? visit : null;
  } catch {
    return null;
  }
}

function saveVisit(name: string, visit: Visit): void {
  const text = JSON.stringify(visit);
  try {
    localStorage.setItem(name, text);
  } catch {
    // The cookie below is enough.
  }
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(text)}; path=/; max-age=${
    VISIT_MS / 1000
  }; SameSite=Lax${secure}`;
}

/** The click-through address of one offer link (`offer=N` from the attribute or the link). */
function offerLink(base: string, id: string, link: HTMLAnchorElement): string {
  const url = new URL(`${base}/lp/click`);
  url.searchParams.set("clickid", id);
  let offer = link.getAttribute("data-rotor-offer") ?? "";
  if (!offer && link.href.includes("/lp/click")) {
    offer = new URL(link.href).searchParams.get("offer") ?? "";
  }
  if (/^\d+$/.test(offer)) url.searchParams.set("offer", offer);
  return url.href;
}

function main(): void {
  const script = document.currentScript as HTMLScriptElement | null;
  const key = script?.getAttribute("data-campaign") ?? "";
  if (!script || !/^[\w-]+$/.test(key)) return;
  const base = new URL(script.src).origin;
  const name = `rotor_rt_${key}`;
  const query = location.search.slice(1);
  const now = Date.now();
  // A reload, or a page reached from this site, is the same visit; a fresh ad click is not.
  const fromHere = document.referrer !== "" &&
    new URL(document.referrer).origin === location.origin;
  const stored = readVisit(name);
  const same = stored !== null && now - stored.t < VISIT_MS &&
    (query === "" || fromHere || stored.h === hash(query));
  let visit: Visit | null = same ? stored : null;

  const apply = () => {
    if (!visit) return;
    const id = visit.id;
    document.querySelectorAll<HTMLAnchorElement>(OFFER_LINKS)
      .forEach((link) => (link.href = offerLink(base, id, link)));
    const rotor = { clickId: id, offerUrl: visit.url };
    Object.assign(window, { rotor });
    document.dispatchEvent(new CustomEvent("rotor:click", { detail: rotor }));
  };
  const ready = (then: () => void) =>
    document.readyState === "loading"
      ? document.addEventListener("DOMContentLoaded", then, { once: true })
      : then();
  // Links added after load get the click id when they are followed.
  document.addEventListener("click", (event) => {
    const target = event.target as Element | null;
    const link = target?.closest?.(OFFER_LINKS) as HTMLAnchorElement | null | undefined;
    if (link && visit) link.href = offerLink(base, visit.id, link);
  }, true);

  if (visit) return ready(apply);
  // What the page can see of an automated browser (traffic quality, decision 165).
  const signals = (navigator.webdriver ? "w" : "") +
    (/HeadlessChrome/.test(navigator.userAgent) ? "h" : "") +
    (navigator.languages?.length === 0 ? "l" : "");
  const url = `${base}/rt/${key}?u=${encodeURIComponent(location.href)}&r=${
    encodeURIComponent(document.referrer)
  }${signals ? `&s=${signals}` : ""}`;
  fetch(url, { credentials: "omit", cache: "no-store" })
    .then((res) => (res.ok ? res.json() : null))
    .then((answer: { clickId?: string; url?: string | null } | null) => {
      if (!answer?.clickId) return;
      visit = { id: answer.clickId, url: answer.url ?? null, h: hash(query), t: now };
      saveVisit(name, visit);
      ready(apply);
    })
    .catch(() => {});
}

main();
