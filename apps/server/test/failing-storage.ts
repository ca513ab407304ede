import type { App } from '../src/platform/services';

/** Makes the app's next folder removal fail, as storage briefly out of reach would; the ones after it work. */
export function failNextFolderRemoval(app: App): void {
  const storage = app.storage;
  const removeFolder = storage.removeFolder.bind(storage);
  storage.removeFolder = async () => {
    storage.removeFolder = removeFolder;
    throw new Error('storage unavailable');
  };
}
