import { runService } from '@repo/common';
import { productsService } from './service.js';

await runService(productsService());
