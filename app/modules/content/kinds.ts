// What differs between the four content screens: their paths and the product's texts.
// Shared by the pages and the server actions, so a toast and a heading cannot drift apart.

export type ContentKind = "speaker" | "specialGuest" | "agenda" | "partner";

type KindTexts = {
  /** the list page */
  path: string;
  /** 'Speaker' in 'Speaker added successfully!' */
  noun: string;
  /** 'speaker' in 'Failed to delete speaker. Please try again.' */
  lower: string;
  addButton: string;
  addTitle: string;
  editTitle: string;
  empty: string;
  emptyAction?: string;
  loadFailed: string;
};

export const CONTENT_KINDS: Record<ContentKind, KindTexts> = {
  speaker: {
    path: "/admin/speakers",
    noun: "Speaker",
    lower: "speaker",
    addButton: "Add Speaker",
    addTitle: "Add New Speaker",
    editTitle: "Edit Speaker",
    empty: "No speakers added yet.",
    emptyAction: "Add Your First Speaker",
    loadFailed: "Failed to load speakers",
  },
  specialGuest: {
    path: "/admin/special-guests",
    noun: "Special guest",
    lower: "special guest",
    addButton: "Add Special Guest",
    addTitle: "Add New Special Guest",
    editTitle: "Edit Special Guest",
    empty: "No special guests added yet.",
    emptyAction: "Add Your First Special Guest",
    loadFailed: "Failed to load special guests",
  },
  agenda: {
    path: "/admin/agenda",
    noun: "Agenda item",
    lower: "agenda item",
    addButton: "Add Agenda Item",
    addTitle: "Add New Agenda Item",
    editTitle: "Edit Agenda Item",
    empty: "No agenda items added yet.",
    emptyAction: "Add Your First Agenda Item",
    loadFailed: "Failed to load agenda items",
  },
  partner: {
    path: "/admin/partners",
    noun: "Partner",
    lower: "partner",
    addButton: "Add Partner",
    addTitle: "Add New Partner",
    editTitle: "Edit Partner",
    empty: "No partners added yet.",
    emptyAction: "Add Your First Partner",
    loadFailed: "Failed to load partners",
  },
};

export const contentToasts = (kind: ContentKind) => {
  const { noun, lower } = CONTENT_KINDS[kind];
  return {
    added: `${noun} added successfully!`,
    updated: `${noun} updated successfully!`,
    deleted: `${noun} deleted successfully!`,
    saveFailed: `Failed to save ${lower}. Please try again.`,
    // A field to fix, not a failure: trying again as it is would only be refused again.
    checkFields: `${noun} not saved: please check the fields marked below.`,
    deleteFailed: `Failed to delete ${lower}. Please try again.`,
    notFound: `This ${lower} no longer exists. It may have been deleted by another organiser.`,
    reorderFailed: "Failed to save the new order. Please try again.",
  };
};

/** 'Are you sure you want to delete {name}?'; the agenda names its item's title in quotes. */
export function deleteQuestion(kind: ContentKind, name: string): string {
  return kind === "agenda" ? `Are you sure you want to delete "${name}"?` : `Are you sure you want to delete ${name}?`;
}

export const CONFIRM_DELETE_PARAM = "delete";
