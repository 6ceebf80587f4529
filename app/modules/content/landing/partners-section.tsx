import { useTranslation } from "react-i18next";
import { mediaImage } from "~/modules/media/media-url";

/** logo_width: the logo's width in CSS px at the 64 px height it shows, from its stored proportions. */
type PartnerEntry = { id: string; name: string; logo_url: string; website_url: string; logo_width: number };

export function PartnersSection({ partners }: { partners: PartnerEntry[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="partners-heading" className="bg-white py-16 sm:py-20">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="partners-heading" className="text-center text-3xl font-bold text-gray-900">
          {t("partners.heading")}
        </h2>
        {partners.length === 0 ? (
          <p className="mt-10 text-center text-gray-500">{t("partners.none")}</p>
        ) : (
          <PartnerList partners={partners} className="mt-10" />
        )}
      </div>
    </section>
  );
}

/** The partners' logos and names, each a link to its website where it has one (the landing page and /editions). */
export function PartnerList({ partners, className = "" }: { partners: PartnerEntry[]; className?: string }) {
  return (
    <ul className={`grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5 ${className}`}>
      {partners.map((p) => {
        const body = (
          <>
            {p.logo_url ? (
              <img
                {...mediaImage(p.logo_url, p.logo_width)}
                alt=""
                width={p.logo_width}
                height={64}
                loading="lazy"
                decoding="async"
                className="h-16 w-auto object-contain"
              />
            ) : (
              <span className="flex h-16 items-center text-2xl font-extrabold text-brand-700" aria-hidden="true">
                {p.name
                  .split(/\s+/)
                  .map((w) => w[0])
                  .join("")
                  .slice(0, 4)}
              </span>
            )}
            <span className="mt-2 text-center text-sm font-semibold text-gray-800">{p.name}</span>
          </>
        );
        const box = "flex h-full flex-col items-center justify-center rounded-2xl border border-gray-200 p-4";
        return (
          <li key={p.id}>
            {p.website_url ? (
              <a href={p.website_url} target="_blank" rel="noopener noreferrer" className={`${box} hover:border-brand-600 hover:shadow`}>
                {body}
              </a>
            ) : (
              <div className={box}>{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
