import type { Baseline } from './types.js';

/** GET /person/:id: a text reply, 400 when the id is not a number. */
export const tutorialPerson: Baseline = {
  usesMongo: false,
  route: () => ({
    method: 'GET',
    path: '/person/:id',
    jsonBody: false,
    securityHeaders: 'document',
    handle({ params }) {
      const id = params['id'] ?? '';
      if (Number.isNaN(Number(id))) {
        return { status: 400, text: 'BAD REQUEST: Person ID must be a number' };
      }
      return { status: 200, text: `You asked for person ${id}` };
    },
  }),
};
