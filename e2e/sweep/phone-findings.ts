import type { Page } from '@playwright/test';

export interface PhoneFinding {
  kind: 'wider-than-phone' | 'cut-off' | 'off-screen' | 'covered' | 'did-not-settle';
  /** The words a person would miss, or what is wrong. */
  text: string;
  /** A short description of the element (tag, role, label). */
  where: string;
}

/**
 * What a person holding the phone would meet on the page as it is drawn now, in the browser:
 * - a page wider than the screen (it pans sideways);
 * - text cut off: clipped or ellipsed by its box, or running past the screen's edge outside a
 *   region made to scroll sideways (a field's placeholder too);
 * - a control or text covered by something fixed to the screen (a tab bar, a floating button)
 *   where scrolling cannot uncover it: at the top of the page, or at its very end.
 * Dialogs that cover the page on purpose are not counted as covering it.
 */
export async function phoneFindings(page: Page): Promise<PhoneFinding[]> {
  const layout = await page.evaluate(() => {
    const findings: Array<{ kind: string; text: string; where: string }> = [];
    const width = window.innerWidth;
    const doc = document.documentElement;
    if (doc.scrollWidth > width) findings.push({ kind: 'wider-than-phone', text: `${doc.scrollWidth} px wide`, where: 'page' });

    const describe = (element: Element) => {
      const label = element.getAttribute('aria-label') ?? element.getAttribute('role') ?? '';
      return `${element.tagName.toLowerCase()}${label ? ` [${label.slice(0, 40)}]` : ''}`;
    };
    const ownText = (element: Element) =>
      Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .replace(/\s+/g, ' ')
        .trim();
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      // checkVisibility also hides what a closed <details> keeps out of sight.
      return element.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && box.width > 0 && box.height > 0;
    };
    const scrollsSideways = (element: Element | null): boolean => {
      for (let at = element; at && at !== doc; at = at.parentElement) {
        const overflow = getComputedStyle(at).overflowX;
        if ((overflow === 'auto' || overflow === 'scroll') && at.scrollWidth > at.clientWidth) return true;
      }
      return false;
    };
    const hiddenForScreens = (element: Element) => {
      // Visually hidden text for screen readers (a 1 px clipped box, or inside one, such as a
      // table's header row kept for screen readers while each row is drawn as a card) is not text on screen.
      for (let at: Element | null = element; at && at !== doc; at = at.parentElement) {
        const box = at.getBoundingClientRect();
        const style = getComputedStyle(at);
        const clips = style.overflow !== 'visible' || style.clipPath !== 'none' || style.clip !== 'auto';
        if ((box.width <= 2 || box.height <= 2) && (at === element || clips)) return true;
      }
      return false;
    };
    const measure = document.createElement('canvas').getContext('2d')!;

    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (!visible(element) || hiddenForScreens(element)) continue;
      const style = getComputedStyle(element);
      // A text area's placeholder wraps onto its lines; a one-line field's is cut off at its edge.
      if (element instanceof HTMLTextAreaElement) continue;
      if (element instanceof HTMLInputElement) {
        if (!element.placeholder || element.value) continue;
        measure.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        if (measure.measureText(element.placeholder).width > room + 1)
          findings.push({ kind: 'cut-off', text: `placeholder "${element.placeholder}"`, where: describe(element) });
        continue;
      }
      const text = ownText(element);
      if (!text) continue;
      const clipsSideways = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      const clamped = style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '' && element.scrollHeight > element.clientHeight + 1;
      if ((clipsSideways && element.scrollWidth > element.clientWidth + 1) || clamped) {
        findings.push({ kind: 'cut-off', text: text.slice(0, 80), where: describe(element) });
        continue;
      }
      const box = element.getBoundingClientRect();
      if ((box.right > width + 1 || box.left < -1) && !scrollsSideways(element))
        findings.push({ kind: 'off-screen', text: text.slice(0, 80), where: describe(element) });
    }
    return findings;
  });

  const covered: PhoneFinding[] = [];
  for (const end of ['top', 'bottom'] as const) {
    await page.evaluate((to) => window.scrollTo(0, to === 'top' ? 0 : document.documentElement.scrollHeight), end);
    // Sticky and fixed parts settle after the scroll (headers that hide, bars that appear).
    await page.waitForTimeout(300);
    covered.push(
      ...(await page.evaluate((at) => {
        const found: Array<{ kind: 'covered'; text: string; where: string }> = [];
        const fixedParts = Array.from(document.body.querySelectorAll('*')).filter((element) => {
          const style = getComputedStyle(element);
          if (style.position !== 'fixed' && style.position !== 'sticky') return false;
          if (element.closest('[role="dialog"], [role="alertdialog"], dialog')) return false;
          const box = element.getBoundingClientRect();
          // At the top of the page only parts held at the top can hide anything for good, and at its
          // end only parts held at the bottom: elsewhere, scrolling brings what they cover into view.
          const heldAtTop = box.top + box.height / 2 < window.innerHeight / 2;
          if (heldAtTop !== (at === 'top')) return false;
          // A backdrop over the whole screen is a dialog's, not a part that covers content.
          return box.width > 0 && box.height > 0 && box.width * box.height < window.innerWidth * window.innerHeight * 0.5;
        });
        if (fixedParts.length === 0) return found;
        const candidates = Array.from(
          document.body.querySelectorAll('a, button, input, select, textarea, [role="button"], h1, h2, h3, p, li, span, dd, dt, td, th, label'),
        ).filter((element) => !fixedParts.some((part) => part.contains(element) || element.contains(part)));
        for (const element of candidates) {
          const box = element.getBoundingClientRect();
          if (box.width < 4 || box.height < 4 || box.bottom <= 0 || box.top >= window.innerHeight) continue;
          if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
          if (!(element.textContent ?? '').trim() && !element.matches('a, button, input, select, textarea, [role="button"]')) continue;
          const x = Math.min(Math.max(box.left + box.width / 2, 1), window.innerWidth - 1);
          const y = Math.min(Math.max(box.top + box.height / 2, 1), window.innerHeight - 1);
          const hit = document.elementFromPoint(x, y);
          const coveringPart = hit && fixedParts.find((part) => part.contains(hit));
          if (coveringPart && !element.contains(hit)) {
            found.push({
              kind: 'covered',
              text: `${(element.textContent ?? element.getAttribute('aria-label') ?? '').replace(/\s+/g, ' ').trim().slice(0, 60)} (at the ${at})`,
              where: `${element.tagName.toLowerCase()} under ${coveringPart.tagName.toLowerCase()}${coveringPart.getAttribute('aria-label') ? ` [${coveringPart.getAttribute('aria-label')}]` : ''}`,
            });
          }
        }
        return found;
      }, end)),
    );
  }
  await page.evaluate(() => window.scrollTo(0, 0));

  // One finding per element and kind: nested text repeats what its parent already said.
  const seen = new Set<string>();
  return [...(layout as PhoneFinding[]), ...covered].filter((finding) => {
    const key = `${finding.kind}|${finding.text}|${finding.where}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
