import { contactsResource } from './contacts';
import type { ResourceDefinition } from './kit';
import { manufactorResource } from './manufactor';

/** Every resource the kit serves: the server registers their routes, the tests iterate over them. */
export const RESOURCES: readonly ResourceDefinition[] = [contactsResource, manufactorResource] as unknown as ResourceDefinition[];
