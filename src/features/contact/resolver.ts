/**
 * The form's validation: the contact schema the server uses, through @hookform/resolvers.
 * Kept in its own module so zod (one of the larger libraries) loads when the shopper starts on the
 * form, not with the page (see ContactForm.tsx).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ContactMessageSchema } from '../../lib/schemas.ts';

export const contactResolver = zodResolver(ContactMessageSchema);
