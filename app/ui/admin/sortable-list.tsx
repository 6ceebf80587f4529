import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { createContext, use, useId, useState } from "react";
import { Form, useFetcher, useLocation } from "react-router";
import { ChevronDownIcon, ChevronUpIcon, GripIcon } from "../icons";
import { BUTTON } from "../styles";
import { useHydrated } from "../use-hydrated";
import type { OrderChange } from "./order-undo";

// A list the organisers put in order, three ways: drag by the handle (mouse or touch),
// the same handle by keyboard (Space, arrows, Space; announced to screen readers),
// and Move up / Move down buttons, which are plain forms and work without JavaScript.
// Moves post intent=move, id, direction; a drag posts intent=reorder with every id in
// the new order (repeated `ids`). The page answers a move with a redirect to
// `#item-<id>`, so each item carries that id.

type Item = { id: string };
type Props<T extends Item> = {
  items: T[];
  /** the last change of order, from the page's address (a move, Sort by time or Undo) */
  orderChange?: OrderChange | null;
  /** how the item is named in buttons and announcements */
  label: (item: T) => string;
  /** where the forms post */
  action: string;
  layout?: "list" | "grid";
  renderItem: (item: T) => React.ReactNode;
};

type ItemPlace = { id: string; label: string; index: number; count: number; action: string };
const PlaceContext = createContext<ItemPlace | null>(null);

export function SortableList<T extends Item>({ items, orderChange, label, action, layout = "list", renderItem }: Props<T>) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ ok: boolean; previous?: string[] }>();
  const location = useLocation();
  // A drag's answer carries the order before it; a later navigation (a move, Undo) replaces it.
  const [dragged, setDragged] = useState<{ previous: string[]; at: string } | null>(null);
  const [answer, setAnswer] = useState(fetcher.data);
  if (answer !== fetcher.data) {
    setAnswer(fetcher.data);
    if (fetcher.data?.ok && fetcher.data.previous) setDragged({ previous: fetcher.data.previous, at: location.key });
  }
  const change: OrderChange | null =
    dragged && dragged.at === location.key && fetcher.state === "idle"
      ? { undo: dragged.previous, restored: false }
      : (orderChange ?? null);
  const dndId = useId();
  // The order on screen runs ahead of the server's while a drag is being saved.
  const [order, setOrder] = useState(items);
  const [shown, setShown] = useState(items);
  if (shown !== items) {
    setShown(items);
    setOrder(items);
  }
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: string | number) => {
    const item = order.find((i) => i.id === id);
    return item ? label(item) : "item";
  };
  const position = (id: string | number) => order.findIndex((i) => i.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${position(active.id)} of ${order.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} is over position ${position(over.id)} of ${order.length}.`
        : `${nameOf(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at position ${position(over.id)} of ${order.length}.` : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled. It stays at position ${position(active.id)}.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = arrayMove(order, position(active.id) - 1, position(over.id) - 1);
    setOrder(next);
    const form = new FormData();
    form.set("intent", "reorder");
    for (const item of next) form.append("ids", item.id);
    fetcher.submit(form, { method: "post", action });
  };

  const listClass = layout === "grid" ? "grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" : "space-y-3";
  const list = (
    <ol className={listClass}>
      {order.map((item, index) => (
        <PlaceContext key={item.id} value={{ id: item.id, label: label(item), index, count: order.length, action }}>
          <SortableItem id={item.id} sortable={hydrated}>
            {renderItem(item)}
          </SortableItem>
        </PlaceContext>
      ))}
    </ol>
  );
  const saved = change ? <OrderSaved change={change} action={action} /> : null;
  if (!hydrated)
    return (
      <>
        {saved}
        {list}
      </>
    );
  return (
    <>
      {saved}
      <DndContext
        id={dndId}
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              "To move this item, press Space or Enter to pick it up, use the arrow keys to move it, then Space or Enter to drop it, or Escape to cancel.",
          },
        }}
      >
        <SortableContext items={order.map((i) => i.id)} strategy={layout === "grid" ? rectSortingStrategy : verticalListSortingStrategy}>
          {list}
        </SortableContext>
      </DndContext>
    </>
  );
}

/** "Saved · Undo" after a change of order (Undo posts the order before it), or "Order restored." after Undo. */
function OrderSaved({ change, action }: { change: OrderChange; action: string }) {
  return (
    <div
      role="status"
      data-testid="order-saved"
      className="mb-3 flex items-center gap-2 rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900"
    >
      {change.restored ? (
        "Order restored. The landing page shows it now."
      ) : (
        <>
          <span>Saved</span>
          {change.undo ? (
            <Form method="post" action={action} preventScrollReset className="contents">
              <span aria-hidden="true">·</span>
              <input type="hidden" name="intent" value="restore" />
              {change.undo.map((id) => (
                <input key={id} type="hidden" name="ids" value={id} />
              ))}
              <button type="submit" className="font-semibold underline underline-offset-2 hover:text-green-700">
                Undo
              </button>
            </Form>
          ) : null}
        </>
      )}
    </div>
  );
}

const HandleContext = createContext<React.ReactNode>(null);

function SortableItem({ id, sortable, children }: { id: string; sortable: boolean; children: React.ReactNode }) {
  if (!sortable)
    return (
      <li id={`item-${id}`} className="scroll-mt-24">
        {children}
      </li>
    );
  return <DraggableItem id={id}>{children}</DraggableItem>;
}

function DraggableItem({ id, children }: { id: string; children: React.ReactNode }) {
  const place = use(PlaceContext);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`Drag to reorder ${place?.label ?? "item"}`}
      className={`${BUTTON.icon} cursor-grab touch-none active:cursor-grabbing`}
    >
      <GripIcon className="h-5 w-5" />
    </button>
  );
  return (
    <li
      id={`item-${id}`}
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`scroll-mt-24 ${isDragging ? "relative z-10 opacity-80 shadow-lg" : ""}`}
    >
      <HandleContext value={handle}>{children}</HandleContext>
    </li>
  );
}

/**
 * The item's ordering controls, placed by the item's own markup: the drag handle (with
 * JavaScript) and Move up / Move down.
 */
export function OrderControls() {
  const place = use(PlaceContext);
  const handle = use(HandleContext);
  if (!place) return null;
  const { id, label, index, count, action } = place;
  return (
    <div className="flex items-center gap-0.5">
      {handle}
      <Form method="post" action={action} preventScrollReset className="flex items-center gap-0.5">
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="id" value={id} />
        <button type="submit" name="direction" value="up" disabled={index === 0} aria-label={`Move ${label} up`} className={BUTTON.icon}>
          <ChevronUpIcon className="h-4 w-4" />
        </button>
        <button
          type="submit"
          name="direction"
          value="down"
          disabled={index === count - 1}
          aria-label={`Move ${label} down`}
          className={BUTTON.icon}
        >
          <ChevronDownIcon className="h-4 w-4" />
        </button>
      </Form>
    </div>
  );
}
