import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Svg } from "~/ui/icons";
import { useNonce } from "~/ui/nonce";
import { FOCUS_RING } from "~/ui/styles";
import { useHydrated } from "~/ui/use-hydrated";
import { SHARE_NETWORKS, type ShareNetwork, shareLinks } from "./share-links";
import { SHARE_SCRIPT } from "./share-script";

// Share on WhatsApp, Facebook, X, Telegram, and Copy link: plain links to each network's own
// share address (share-links.ts), so they work without JavaScript and tell no network anything
// until the visitor taps one; no network's script, pixel or font is ever loaded. With
// JavaScript, "Share…" opens the phone's own share sheet where the browser has one, and Copy
// link copies. Served without React, share-script.ts does that; rendered by React, the handlers
// here do. The routes place it (the landing page, after registering, the ticket page).

// Line icons like the site's own (ui/icons.tsx): small, and no network's logo file to fetch.
const ICONS: Record<ShareNetwork | "copy" | "native", string> = {
  whatsapp: "M7.9 20A9 9 0 1 0 4 16.1L2 22Z",
  facebook: "M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z",
  x: "M4 4l16 16M20 4 4 20",
  telegram: "m22 2-7 20-4-9-9-4ZM22 2 11 13",
  copy: "M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71",
  native:
    "M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6ZM8.6 13.5l6.8 4M15.4 6.5l-6.8 4",
};

const Icon = ({ name }: { name: keyof typeof ICONS }) => (
  <Svg className="h-5 w-5 shrink-0">
    <path d={ICONS[name]} />
  </Svg>
);

const TONES = {
  light: {
    button: "border border-gray-300 bg-white text-gray-800 hover:bg-gray-50",
    native: "bg-brand-700 text-white hover:bg-brand-800",
    field: "border-gray-300 bg-white text-gray-900",
    note: "text-gray-600",
    status: "text-brand-800",
  },
  dark: {
    button: "border border-white/30 bg-white/10 text-white hover:bg-white/20",
    native: "bg-accent-400 text-brand-900 hover:bg-accent-500",
    field: "border-white/30 bg-white text-gray-900",
    note: "text-brand-100",
    status: "text-accent-400",
  },
} as const;

const BUTTON = `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold ${FOCUS_RING}`;

export type ShareButtonsProps = {
  /**
   * The address passed on. Callers give the site's own address in the visitor's language
   * (siteShareUrl); the ticket page gives its holder's invite link. Never a ticket's own link.
   */
  url: string;
  /** The words before the address, in the visitor's language ("I'm going to … — register free:"). */
  message: string;
  /** What the phone's share sheet names it: the event. */
  title: string;
  /** light on a white card, dark on the site's green */
  tone?: keyof typeof TONES;
  /** a heading and a line above the buttons, and the heading's level where it stands */
  heading?: { text: string; lead?: string; level: 2 | 3 };
  className?: string;
};

export function ShareButtons({ url, message, title, tone = "light", heading, className = "" }: ShareButtonsProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const nonce = useNonce();
  const colours = TONES[tone];
  const links = shareLinks(message, url);
  const [status, setStatus] = useState("");
  // The clipboard refused (or there is none): the address to copy by hand, as without JavaScript.
  const [manual, setManual] = useState(false);

  // Rendered by React, the share sheet's button shows the way the script shows it: by the document's mark.
  useEffect(() => {
    if (typeof navigator.share === "function") document.documentElement.setAttribute("data-can-share", "");
  }, []);

  const shareNatively = () => {
    navigator.share({ title, text: message, url }).catch(() => {});
  };
  const copy = () => {
    if (!navigator.clipboard) {
      setManual(true);
      return;
    }
    navigator.clipboard.writeText(url).then(
      () => setStatus(t("share.copied")),
      () => setManual(true),
    );
  };

  return (
    <div
      data-share=""
      data-share-url={url}
      data-share-text={message}
      data-share-title={title}
      data-share-copied={t("share.copied")}
      className={className}
    >
      {heading ? <ShareHeading {...heading} tone={tone} /> : null}
      <ul className="flex flex-wrap justify-center gap-2">
        <li className="hidden basis-full justify-center [[data-can-share]_&]:flex">
          <button
            type="button"
            data-share-native=""
            onClick={hydrated ? shareNatively : undefined}
            className={`${BUTTON} ${colours.native}`}
          >
            <Icon name="native" />
            {t("share.native")}
          </button>
        </li>
        {SHARE_NETWORKS.map((network) => (
          <li key={network}>
            <a
              href={links[network]}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t("share.on", { network: t(`share.networks.${network}`) })}
              data-share-network={network}
              className={`${BUTTON} ${colours.button}`}
            >
              <Icon name={network} />
              {t(`share.networks.${network}`)}
            </a>
          </li>
        ))}
        <li className={`text-center has-[details[open]]:basis-full ${manual ? "basis-full" : ""}`}>
          {hydrated ? (
            <>
              <button type="button" onClick={copy} className={`${BUTTON} ${colours.button}`}>
                <Icon name="copy" />
                {t("share.copy")}
              </button>
              <CopyField url={url} colours={colours} hidden={!manual} />
            </>
          ) : (
            <details data-share-copy="">
              <summary className={`${BUTTON} ${colours.button} mx-auto w-fit cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
                <Icon name="copy" />
                {t("share.copy")}
              </summary>
              <CopyField url={url} colours={colours} />
            </details>
          )}
        </li>
      </ul>
      <p role="status" data-share-status="" className={`mt-2 text-center text-sm font-medium empty:hidden ${colours.status}`}>
        {status}
      </p>
      {hydrated ? null : <ShareScript nonce={nonce} />}
    </div>
  );
}

/** The address in a field to copy by hand: without JavaScript, or where the clipboard refuses. */
function CopyField({ url, colours, hidden }: { url: string; colours: (typeof TONES)[keyof typeof TONES]; hidden?: boolean }) {
  const { t } = useTranslation();
  return (
    <div data-share-link="" hidden={hidden} className="mx-auto mt-3 max-w-md">
      <input
        type="url"
        readOnly
        value={url}
        aria-label={t("share.linkLabel")}
        onFocus={(event) => event.currentTarget.select()}
        className={`block w-full rounded-lg border px-3 py-2 text-sm ${colours.field} ${FOCUS_RING}`}
      />
      <p className={`mt-1 text-center text-xs ${colours.note}`}>{t("share.copyHint")}</p>
    </div>
  );
}

function ShareHeading({ text, lead, level, tone }: NonNullable<ShareButtonsProps["heading"]> & { tone: keyof typeof TONES }) {
  const Tag = level === 2 ? "h2" : "h3";
  return (
    <div className="mb-4 text-center">
      <Tag className={`text-lg font-bold ${tone === "dark" ? "text-white" : "text-gray-900"}`}>{text}</Tag>
      {lead ? <p className={`mt-1 text-sm ${TONES[tone].note}`}>{lead}</p> : null}
    </div>
  );
}

/**
 * The buttons' script on a page served without React. ShareButtons brings it along; a page
 * whose buttons arrive later in place (/register's answer) includes it from the start.
 */
export function ShareScript({ nonce }: { nonce: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of our own, no user data
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SHARE_SCRIPT }} />;
}
