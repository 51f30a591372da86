import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'error';
}

interface ToastState {
  toasts: Toast[];
  show: (message: string, tone?: Toast['tone']) => void;
  dismiss: (id: number) => void;
}

const toastLifetimeMs = 5_000;
let nextId = 1;

export const toastStore = createStore<ToastState>()((set, get) => ({
  toasts: [],
  show: (message, tone = 'info') => {
    // The same message twice in a row (e.g. several queries failing together) shows once.
    if (get().toasts.some((toast) => toast.message === message)) return;
    const id = nextId++;
    set((state) => ({ toasts: [...state.toasts.slice(-2), { id, message, tone }] }));
    setTimeout(() => get().dismiss(id), toastLifetimeMs);
  },
  dismiss: (id) => set((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) })),
}));

export function useToasts(): Toast[] {
  return useStore(toastStore, (state) => state.toasts);
}
