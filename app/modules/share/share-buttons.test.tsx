import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { messagesFor } from "~/i18n/catalogues.server";
import { i18nFor } from "~/i18n/i18n";
import type { Language } from "~/i18n/languages";
import { translator } from "~/i18n/translate.server";
import { NonceProvider } from "~/ui/nonce";
import { ShareButtons } from "./share-buttons";
import { shareLinks, siteShareUrl } from "./share-links";

// The share buttons as the server sends them, which is what works without JavaScript: plain
// links to each network in the visitor's language, opening apart from the page and telling the
// network nothing of it; the address to copy by hand; the few lines that add the share sheet.

const SITE = "https://summit.example.org";

function render(language: Language) {
  const t = translator(language);
  const url = siteShareUrl(SITE, language);
  const message = t("share.goingMessage", { name: "Zamfara Youth Summit" });
  const html = renderToString(
    <NonceProvider value="test-nonce">
      <I18nextProvider i18n={i18nFor(language, messagesFor(language, ["common", "public"]))}>
        <ShareButtons url={url} message={message} title="Zamfara Youth Summit" heading={{ text: t("share.goingHeading"), level: 2 }} />
      </I18nextProvider>
    </NonceProvider>,
  );
  return { html, url, message, t };
}

function anchors(html: string): Record<string, string>[] {
  return [...html.matchAll(/<a\b([^>]*)>/g)].map(([, attrs]) =>
    Object.fromEntries(
      [...(attrs ?? "").matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, name, value]) => [
        name!,
        value!.replaceAll("&#x27;", "'").replaceAll("&amp;", "&"),
      ]),
    ),
  );
}

describe("ShareButtons without JavaScript", () => {
  for (const language of ["en", "ha"] as const) {
    it(`links to each network with the ${language === "en" ? "English" : "Hausa"} message`, () => {
      const { html, url, message, t } = render(language);
      const links = shareLinks(message, url);
      const found = anchors(html);
      expect(found.map((a) => a.href)).toEqual([links.whatsapp, links.facebook, links.x, links.telegram]);
      for (const a of found) {
        expect(a.target).toBe("_blank");
        expect(a.rel).toBe("noopener noreferrer");
      }
      expect(found[0]?.["aria-label"]).toBe(t("share.on", { network: "WhatsApp" }));
      expect(html).toContain(t("share.goingHeading"));
      expect(html).toContain(t("share.copy"));
      expect(html).toContain(t("share.native"));
    });
  }

  it("opens the address to copy by hand, and brings its script with the page's nonce", () => {
    const { html, url } = render("ha");
    expect(html).toMatch(/<details data-share-copy="">/);
    expect(html).toContain(`value="${url}"`);
    expect(html).toMatch(/<input type="url" readonly=""/i);
    expect(html).toMatch(/<script nonce="test-nonce">\(function \(\) \{/);
    expect(html).toContain(`data-share-url="${url}"`);
  });

  it("loads nothing from any network: no script, image, frame or font of theirs", () => {
    const { html } = render("en");
    expect(html).not.toMatch(/<(img|iframe|link)\b/);
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toMatch(/(facebook|twitter|x|t|wa)\.(com|me|net)\/(?!sharer\/sharer\.php|intent\/post|share\/url|\?text)/);
  });
});
