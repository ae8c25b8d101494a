import type { Kysely } from 'kysely';
import type { ProductSyncPreview } from '../../../contract/product-sync-preview';
import type { AuthUser } from '../../auth/auth-user';
import type { DB } from '../../db/schema';
import { modelRegisters } from '../../gateway/register-map';
import { ProductSyncRepository } from '../product-sync/product-sync-repository';

/**
 * What a product sync would send now: the same devices (ProductSyncRepository.visibleDevices) and
 * register table (modelRegisters) that POST /api/t_product_sync/start takes, counted.
 */
export class ProductSyncPreviewRepository {
  private readonly syncs: ProductSyncRepository;
  constructor(private readonly db: Kysely<DB>) {
    this.syncs = new ProductSyncRepository(db);
  }

  /** Undefined when the model does not exist. */
  async preview(user: AuthUser, deviceModelId: number): Promise<ProductSyncPreview | undefined> {
    const name = await this.syncs.modelName(deviceModelId);
    if (name === undefined) return undefined;
    const devices = await this.syncs.visibleDevices(user, deviceModelId);
    const gateways = new Set(devices.flatMap((d) => (d.gatewayId === null ? [] : [d.gatewayId])));
    return {
      deviceModelId, deviceModelName: name, measureCount: (await modelRegisters(this.db, deviceModelId)).length,
      devices: devices.length, gateways: gateways.size, withoutGateway: devices.filter((d) => d.gatewayId === null).length,
    };
  }
}
