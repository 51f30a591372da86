import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

/** A page the toast offers to go to next ("Shortlisted · View shortlist"). */
export interface ToastAction {
  label: string;
  to: string;
}

export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'error';
  action?: ToastAction;
}

interface ToastState {
  toasts: Toast[];
  show: (message: string, tone?: Toast['tone'], action?: ToastAction) => void;
  dismiss: (id: number) => void;
}

const toastLifetimeMs = 5_000;
/** Long enough to read the message and reach its link. */
const toastWithActionLifetimeMs = 10_000;
let nextId = 1;

export const toastStore = createStore<ToastState>()((set, get) => ({
  toasts: [],
  show: (message, tone = 'info', action) => {
    // The same message twice in a row (e.g. several queries failing together) shows once.
    if (get().toasts.some((toast) => toast.message === message)) return;
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts.slice(-2), { id, message, tone, ...(action ? { action } : {}) }] }));
    setTimeout(() => get().dismiss(id), action ? toastWithActionLifetimeMs : toastLifetimeMs);
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

export function useToasts(): Toast[] {
  return useStore(toastStore, (state) => state.toasts);
}
