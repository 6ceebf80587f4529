import { describe, expect, it } from "vitest";
import { orderByTime, timeOrderConflict } from "./agenda-order";

const item = (id: string, time: string) => ({ id, time });

describe("the agenda's order against its times", () => {
  it("finds an item placed above one that starts earlier, reading times as people write them", () => {
    const lunch = item("lunch", "12:30 PM - 1:30 PM");
    const opening = item("opening", "8:00 AM - 9:00 AM");
    expect(timeOrderConflict([lunch, opening])).toEqual({ above: lunch, below: opening });
    expect(timeOrderConflict([opening, item("talk", "9.30am"), lunch, item("close", "17:00")])).toBeNull();
    // Unreadable times neither conflict nor hide a conflict around them.
    expect(timeOrderConflict([opening, item("x", "Afternoon"), lunch])).toBeNull();
    expect(timeOrderConflict([lunch, item("x", "TBA"), opening])).toEqual({ above: lunch, below: opening });
    expect(timeOrderConflict([])).toBeNull();
  });

  it("sorts by start time, stably, with unreadable times following the item before them", () => {
    const items = [
      item("lunch", "12:30 PM"),
      item("networking", "Afterwards"),
      item("opening", "8:00 AM"),
      item("keynote", "9:00 AM"),
      item("panel", "9:00 AM"),
      item("close", "noon"),
    ];
    expect(orderByTime(items).map((i) => i.id)).toEqual(["opening", "keynote", "panel", "close", "lunch", "networking"]);
    expect(timeOrderConflict(orderByTime(items))).toBeNull();
  });
});
