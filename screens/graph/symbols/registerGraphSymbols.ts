import { ShapeRegistry } from '@maxgraph/core';
import { SYMBOL_SHAPES } from '../../../contract/graph/symbol-styles';
import { AhuShape, DamperShape, FanShape, ValveShape } from './shapes/equipmentShapes';
import { DuctShape, FilterHepaShape, FilterMediumShape, FilterPreShape, PipeShape } from './shapes/filterShapes';
import {
  MeterElectricShape, MeterGasShape, MeterWaterShape, SensorPmShape, SensorThShape, ValueLabelShape,
} from './shapes/instrumentShapes';

let registered = false;

/**
 * Registers the library's shapes with maxGraph (once per page; later calls do nothing). Call it
 * before decoding a graph: a cell whose shape is not registered is drawn as a plain rectangle.
 * Only the lazy graph chunks (editor, live view) import this module, so @maxgraph/core stays out
 * of the console's main bundle.
 */
export function registerGraphSymbols(): void {
  if (registered) return;
  registered = true;
  ShapeRegistry.add(SYMBOL_SHAPES.ahu, AhuShape);
  ShapeRegistry.add(SYMBOL_SHAPES.fan, FanShape);
  ShapeRegistry.add(SYMBOL_SHAPES.valve, ValveShape);
  ShapeRegistry.add(SYMBOL_SHAPES.damper, DamperShape);
  ShapeRegistry.add(SYMBOL_SHAPES.filterPre, FilterPreShape);
  ShapeRegistry.add(SYMBOL_SHAPES.filterMedium, FilterMediumShape);
  ShapeRegistry.add(SYMBOL_SHAPES.filterHepa, FilterHepaShape);
  ShapeRegistry.add(SYMBOL_SHAPES.duct, DuctShape);
  ShapeRegistry.add(SYMBOL_SHAPES.pipe, PipeShape);
  ShapeRegistry.add(SYMBOL_SHAPES.sensorPm, SensorPmShape);
  ShapeRegistry.add(SYMBOL_SHAPES.sensorTh, SensorThShape);
  ShapeRegistry.add(SYMBOL_SHAPES.meterElectric, MeterElectricShape);
  ShapeRegistry.add(SYMBOL_SHAPES.meterWater, MeterWaterShape);
  ShapeRegistry.add(SYMBOL_SHAPES.meterGas, MeterGasShape);
  ShapeRegistry.add(SYMBOL_SHAPES.valueLabel, ValueLabelShape);
}
