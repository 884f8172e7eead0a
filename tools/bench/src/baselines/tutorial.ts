import type { Baseline } from './types.js';

/** GET /person/:id: a text reply, 400 when the id is not a number. */
export const tutorialPerson: Baseline = {
  usesMongo: false,
  mount(app) {
    app.get('/person/:id', (req, res) => {
      const { id } = req.params;
      if (Number.isNaN(Number(id))) {
        res.status(400).send('BAD REQUEST: Person ID must be a number');
        return;
      }
      res.send(`You asked for person ${id}`);
    });
  },
};
