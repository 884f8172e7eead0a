import { runService } from '@repo/common';
import { miniStoreService } from './service.js';

await runService(miniStoreService);
