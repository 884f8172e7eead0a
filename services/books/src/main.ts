import { runService } from '@repo/common';
import { service } from './service.js';

await runService(service);
