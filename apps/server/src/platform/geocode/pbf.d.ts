// pbf 3 ships no types; these are the calls the offline geocoder makes.
declare module 'pbf' {
  export default class Pbf {
    constructor(buffer: Uint8Array);
    pos: number;
    length: number;
    readMessage<T>(read: (tag: number, result: T, pbf: Pbf) => void, result: T): T;
    readSVarint(): number;
    readString(): string;
  }
}
