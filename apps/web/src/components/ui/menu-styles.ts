/** The look of a dropdown menu's panel and of its items (Radix DropdownMenu), the same in every menu. */
export const MENU_CONTENT_CLASSES = 'z-50 rounded-xl border border-line bg-surface p-1 shadow-lg';
export const MENU_ITEM_CLASSES =
  'flex h-9 cursor-pointer items-center rounded-lg px-3 text-sm outline-none data-[highlighted]:bg-subtle';
