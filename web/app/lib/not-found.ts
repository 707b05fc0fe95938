// 404s thrown by loaders carry the title the page shows ('Itinerary not found', 'Hotel not found').
import { data } from 'react-router';

export const notFound = (title: string) => data({ title }, { status: 404 });
