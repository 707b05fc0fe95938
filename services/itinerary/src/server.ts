// Runs the itinerary service: the only place that reads the environment and listens.
import { loadConfig, runService } from '@travelclub/kit';
import { buildApp } from './app.js';
import { ItineraryConfigSchema } from './config.js';

await runService(await buildApp(loadConfig(ItineraryConfigSchema)));
