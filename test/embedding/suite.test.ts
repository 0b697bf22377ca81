/** The shared generator contract (test/generators/suite.ts) run on the embedding generator with a small real model. */
import { beforeAll } from 'vitest';
import embedding from '../../src/generators/embedding.js';
import { generatorSuite } from '../generators/suite.js';
import { sharedSmallModel, type SmallModel } from './small-model.js';

let model: SmallModel;
beforeAll(async () => {
  model = await sharedSmallModel();
});

generatorSuite('embedding', {
  make: () => embedding({ model: model.folder, cache: false }),
  mustFind: [
    ['Paper', 'Paper'], // paper ~ papers, no stemming involved
    ['Belly', 'Abdomen'], // a synonym no string measure sees
    ['PancreaticDuct', 'Pancreatic_Duct'],
    ['Translation', 'MachineTranslation'], // capability ↔ intent
  ],
});
