import { z } from 'zod';

// Messages zod writes itself (wrong type, missing field) are shown to Brazilian users too.
z.config(z.locales.pt());
