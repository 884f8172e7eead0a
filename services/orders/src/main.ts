import { runService, startWithMongo } from '@repo/common';
import { createApp } from './app.js';
import { SECRET_VARIABLES, loadConfig } from './config.js';
import { createMenuRepository } from './data/menu-repository.js';
import { createOrdersRepository } from './data/orders-repository.js';
import { seedDefaultMenu } from './domain/seed-menu.js';

await runService({
  name: 'orders',
  loadConfig,
  secrets: SECRET_VARIABLES,
  start: (config, logger) =>
    startWithMongo(config, logger, async (db) => {
      const menu = createMenuRepository(db);
      const seeded = await seedDefaultMenu(menu);
      if (seeded > 0) logger.info({ items: seeded }, 'menu was empty: stored the default menu');
      return createApp({
        menu,
        orders: createOrdersRepository(db),
        logger,
        customerToken: config.ORDERS_CUSTOMER_TOKEN,
        staffToken: config.ORDERS_STAFF_TOKEN,
      });
    }),
});
