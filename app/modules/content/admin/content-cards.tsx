import { mediaImage } from "~/modules/media/media-url";
import { OrderControls } from "~/ui/admin/sortable-list";
import { Badge, type BadgeTone } from "~/ui/badge";

// How one item looks on its admin screen: a card with a photo or logo (speakers,
// special guests, partners) or an agenda row. Texts are shown as typed, as text.

function Initials({ name, className }: { name: string; className: string }) {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => [...w][0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <span aria-hidden="true" className={`flex items-center justify-center bg-brand-100 font-bold text-brand-800 ${className}`}>
      {letters}
    </span>
  );
}

export function PersonAdminCard(props: {
  name: string;
  title: string;
  bio: string;
  imageUrl: string;
  badge: { label: string; tone: BadgeTone };
  actions: React.ReactNode;
}) {
  return (
    <article className="flex h-full flex-col rounded-2xl border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        {props.imageUrl ? (
          <img
            {...mediaImage(props.imageUrl, 64)}
            alt=""
            width={64}
            height={64}
            loading="lazy"
            decoding="async"
            className="h-16 w-16 shrink-0 rounded-full object-cover"
          />
        ) : (
          <Initials name={props.name} className="h-16 w-16 shrink-0 rounded-full text-lg" />
        )}
        <div className="flex flex-wrap items-center justify-end">
          <OrderControls />
          {props.actions}
        </div>
      </div>
      <div className="mt-3">
        <Badge tone={props.badge.tone}>{props.badge.label}</Badge>
      </div>
      <h2 className="mt-2 font-semibold break-words text-gray-900">{props.name}</h2>
      <p className="text-sm break-words text-brand-700">{props.title}</p>
      {props.bio ? <p className="mt-2 line-clamp-3 text-sm break-words text-gray-600">{props.bio}</p> : null}
    </article>
  );
}

export function PartnerAdminCard(props: { name: string; logoUrl: string; websiteUrl: string; actions: React.ReactNode }) {
  return (
    <article className="flex h-full flex-col rounded-2xl border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-end">
        <OrderControls />
        {props.actions}
      </div>
      <div className="mt-2 flex h-20 items-center justify-center">
        {props.logoUrl ? (
          <img
            {...mediaImage(props.logoUrl, 160)}
            alt=""
            width={160}
            height={80}
            loading="lazy"
            decoding="async"
            className="max-h-20 w-auto object-contain"
          />
        ) : (
          <Initials name={props.name} className="h-16 w-16 rounded-xl text-lg" />
        )}
      </div>
      <h2 className="mt-3 text-center font-semibold break-words text-gray-900">{props.name}</h2>
      {props.websiteUrl ? (
        <a
          href={props.websiteUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-1 truncate text-center text-sm text-brand-700 underline"
        >
          {props.websiteUrl.replace(/^https?:\/\//, "")}
        </a>
      ) : null}
    </article>
  );
}

export function AgendaAdminRow(props: { time: string; title: string; speaker: string; description: string; actions: React.ReactNode }) {
  return (
    <article className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start">
      <span className="h-fit w-fit shrink-0 rounded-full bg-brand-100 px-3 py-1 text-sm font-bold whitespace-nowrap text-brand-800">
        {props.time}
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold break-words text-gray-900">{props.title}</h2>
        {props.speaker ? <p className="text-sm font-medium break-words text-brand-700">{props.speaker}</p> : null}
        {props.description ? <p className="mt-1 text-sm break-words text-gray-600">{props.description}</p> : null}
      </div>
      <div className="flex items-center justify-end">
        <OrderControls />
        {props.actions}
      </div>
    </article>
  );
}
