/** Hotels sell every room every night of the year; leap days are ignored, as in STR's annual figures. */
export const ROOM_NIGHTS_PER_YEAR = 365;

export interface HotelRevenueInput {
  totalRooms: number;
  averageDailyRate: number;
  /** Paid occupancy, a decimal. */
  occupancy: number;
  /** Food and beverage, parking and other departments as a decimal of room revenue (0 when absent). */
  otherRevenueRatio?: number | undefined;
}

export interface HotelRevenue {
  revPar: number;
  roomRevenueAnnual: number;
  otherRevenueAnnual: number;
  totalRevenueAnnual: number;
}

/** RevPAR = room revenue / available room-nights = ADR x occupancy. */
export function hotelRevenue({ totalRooms, averageDailyRate, occupancy, otherRevenueRatio = 0 }: HotelRevenueInput): HotelRevenue {
  const revPar = averageDailyRate * occupancy;
  const roomRevenueAnnual = totalRooms * revPar * ROOM_NIGHTS_PER_YEAR;
  const otherRevenueAnnual = roomRevenueAnnual * otherRevenueRatio;
  return { revPar, roomRevenueAnnual, otherRevenueAnnual, totalRevenueAnnual: roomRevenueAnnual + otherRevenueAnnual };
}
