// What Kalike's apps use of zustand's middleware, shared as the 'zustand/middleware'
// singleton (see ../shared-surfaces.cjs). Importing anything else fails the build; add
// it here if needed.
export { createJSONStorage, persist } from '@kalike-surface-source/zustand/middleware';
