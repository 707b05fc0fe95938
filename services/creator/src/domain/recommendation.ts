// A creator's recommended stay as stored, and its public view. Pure: no I/O.
import { recommendationLimits, type ImageAsset, type RecommendationView } from '@travelclub/contracts';

export interface RecommendationRecord {
  _id: string;
  userId: string;
  hotelId: string;
  title: string;
  text: string;
  cover?: ImageAsset;
  tile?: ImageAsset;
  images: ImageAsset[];
  isActive: boolean;
  position: number;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

/** Photos a recommendation may carry besides its cover and tile. */
export const MAX_RECOMMENDATION_IMAGES = recommendationLimits.images;

/** Recommendations one creator may have: a club page shows them all, priced in one catalog call. */
export const MAX_RECOMMENDATIONS = recommendationLimits.perClub;

export function recommendationView(record: RecommendationRecord): RecommendationView {
  return {
    id: record._id,
    hotelId: record.hotelId,
    userId: record.userId,
    recommendationTitle: record.title,
    recommendationText: record.text,
    ...(record.cover && { coverImage: record.cover }),
    ...(record.tile && { tileImage: record.tile }),
    images: record.images,
    isActive: record.isActive,
    position: record.position,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
