import { Link } from 'react-router-dom';
import { css } from '@emotion/react';

import { toastStore, useToasts } from '@kalike/shared/ui/toast-store';
import { colors, space, radius, layout } from '@kalike/shared/ui/theme';

const viewportStyle = css({
  position: 'fixed',
  left: 0,
  right: 0,
  bottom: `calc(${layout.tabBarHeight} + ${space(3)})`,
  display: 'grid',
  gap: space(2),
  justifyItems: 'center',
  pointerEvents: 'none',
  zIndex: 50,
});
const toastLinkStyle = css({ color: '#fff', fontWeight: 700, whiteSpace: 'nowrap', '&:focus-visible': { outline: `3px solid ${colors.accent}` } });
const dismissButtonStyle = css({ background: 'none', border: 0, color: 'inherit', fontSize: '1.25rem', cursor: 'pointer' });

const toastStyle = css({
  pointerEvents: 'auto',
  maxWidth: `min(${layout.maxWidth}, calc(100% - 2rem))`,
  background: colors.text,
  color: '#fff',
  padding: `${space(3)} ${space(4)}`,
  borderRadius: radius.medium,
  display: 'flex',
  gap: space(3),
  alignItems: 'center',
});
const errorToastStyle = css({ background: colors.danger });

export function ToastViewport() {
  const toasts = useToasts();
  return (
    <div aria-live="assertive" css={viewportStyle}>
      {toasts.map((toast) => (
        <div key={toast.id} role={toast.tone === 'error' ? 'alert' : 'status'} css={[toastStyle, toast.tone === 'error' && errorToastStyle]}>
          <span>{toast.message}</span>
          {toast.action && (
            <Link to={toast.action.to} onClick={() => toastStore.getState().dismiss(toast.id)} css={toastLinkStyle}>
              {toast.action.label}
            </Link>
          )}
          <button type="button" aria-label="Dismiss" onClick={() => toastStore.getState().dismiss(toast.id)} css={dismissButtonStyle}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
