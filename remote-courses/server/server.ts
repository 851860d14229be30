// The courses remote as its own service (container topology); `npm start` mounts the same API inside the gateway.
import path from 'node:path';
import { startRemoteService } from 'shared/server/remote-service';
import { siteDomains } from '../../site/server';
import coursesApi from './index';

await startRemoteService(coursesApi, { remoteDir: path.resolve(import.meta.dirname, '..'), domains: siteDomains });
