import { Link } from "react-router";
import { ItemActions } from "~/ui/admin/item-actions";
import type { OrderChange } from "~/ui/admin/order-undo";
import { SortableList } from "~/ui/admin/sortable-list";
import { DeleteConfirmation } from "~/ui/confirm-dialog";
import { EmptyState } from "~/ui/empty-state";
import { PlusIcon } from "~/ui/icons";
import { BUTTON } from "~/ui/styles";
import type { Toast } from "~/ui/toast";
import { Toaster } from "~/ui/toaster";
import { useRouteModal } from "~/ui/use-route-modal";
import { CONFIRM_DELETE_PARAM, CONTENT_KINDS, type ContentKind, deleteQuestion } from "../kinds";

// The frame of the four content screens: the Add button, the empty state, the list in
// the organisers' order with edit, delete and ordering on every item, and the delete
// confirmation. The add/edit forms are child routes rendered as `children` (a modal).

type Item = { id: string };

export function ContentPage<T extends Item>({
  kind,
  subtitle,
  items,
  name,
  layout,
  confirm,
  toast,
  orderChange,
  notice,
  loaderData,
  renderItem,
  children,
}: {
  kind: ContentKind;
  subtitle: string;
  items: T[];
  /** the item's name in confirmations, buttons and announcements */
  name: (item: T) => string;
  layout: "list" | "grid";
  /** the item named by `?delete=<id>` (the confirmation without JavaScript) */
  confirm: T | null;
  /** a load failure's toast */
  toast: Toast | null;
  /** the last change of order ("Saved · Undo") */
  orderChange: OrderChange | null;
  /** a word about the list above it (the agenda's order against its times) */
  notice?: React.ReactNode;
  /** changes after every submission, which closes a confirmation opened in place */
  loaderData: unknown;
  renderItem: (item: T, actions: React.ReactNode) => React.ReactNode;
  children?: React.ReactNode;
}) {
  const texts = CONTENT_KINDS[kind];
  const deleting = useRouteModal({ param: CONFIRM_DELETE_PARAM, closeHref: texts.path, fromUrl: confirm, data: loaderData });
  const addLink = (label: string) => (
    <Link to={`${texts.path}/new`} preventScrollReset className={BUTTON.primary}>
      <PlusIcon className="h-4 w-4" />
      {label}
    </Link>
  );
  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-gray-600">{subtitle}</p>
        {items.length > 0 ? addLink(texts.addButton) : null}
      </div>
      {items.length === 0 ? (
        <EmptyState action={addLink(texts.emptyAction ?? texts.addButton)}>
          <p>{texts.empty}</p>
        </EmptyState>
      ) : (
        <>
          {items.length > 1 ? (
            <p className="text-sm text-gray-500">
              Shown on the landing page in this order. Drag an item by its handle, or use the arrows, to change it.
            </p>
          ) : null}
          {notice}
          <SortableList
            items={items}
            orderChange={orderChange}
            label={name}
            action={texts.path}
            layout={layout}
            renderItem={(item) =>
              renderItem(
                item,
                <ItemActions
                  label={name(item)}
                  editHref={`${texts.path}/${item.id}/edit`}
                  deleteHref={`${texts.path}?${CONFIRM_DELETE_PARAM}=${item.id}`}
                  onDelete={() => deleting.open(item)}
                />,
              )
            }
          />
        </>
      )}
      {deleting.target ? (
        <DeleteConfirmation
          title={`Delete ${texts.noun}`}
          message={deleteQuestion(kind, name(deleting.target))}
          id={deleting.target.id}
          action={texts.path}
          cancelHref={texts.path}
          onClose={deleting.close}
        />
      ) : null}
      {children}
      {toast ? <Toaster toasts={[toast]} /> : null}
    </div>
  );
}
