declare module 'virtual:bundled-icons' {
  import type { IconifyJSON } from '@iconify/react/offline';

  const collection: IconifyJSON;
  export default collection;
}
