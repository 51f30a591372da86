import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { definitionOf, notificationKindIds } from '@kalike/shared/domain/notification-kinds';

describe('docs/notifications.md', () => {
  test('lists every kind with its WhatsApp template name and template body', async () => {
    const doc = await readFile(path.resolve(__dirname, '../../../../docs/notifications.md'), 'utf8');
    const rows = doc.split('\n').filter((line) => line.startsWith('| `'));
    for (const id of notificationKindIds) {
      const row = rows.find((line) => line.startsWith(`| \`${id}\` |`));
      const { whatsappTemplate, template } = definitionOf(id);
      expect({ id, listed: row !== undefined, template: row?.includes(`\`${whatsappTemplate}\``), body: row?.includes(template.body) }).toEqual({
        id,
        listed: true,
        template: true,
        body: true,
      });
    }
  });
});
