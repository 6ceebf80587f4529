import type { AgendaItemInput, PartnerInput, SpeakerInput, SpecialGuestInput } from "./schemas";

// Sample content for `npm run demo`. Every person and organisation here is made
// up (names say so: "Demo", "Sample", "Example"…); no real people. Lists are in
// the order the site shows them: speakers, guests and partners newest first.

export const DEMO_ABOUT =
  "DEMO CONTENT: this site is running with made-up sample data so you can try it out. Every speaker, guest and partner shown here is fictional. " +
  "The Zamfara Youth Summit brings young people and leaders together for a day of dialogue on peacebuilding, civic engagement and inclusive development.";

export const DEMO_ADMIN_NAME = "Demo Admin";
export const DEMO_ADMIN_EMAIL = "demo-admin@example.org";

const fictional = "A fictional person created for the demo.";

export const DEMO_SPEAKERS: SpeakerInput[] = [
  {
    name: "Hon. Musa Sample",
    title: "Commissioner for Youth and Sports (sample)",
    speaker_type: "Chief Host",
    bio: `${fictional} Welcomes participants and opens the summit.`,
    image_url: "",
  },
  {
    name: "Hajiya Zainab Placeholder",
    title: "Special Adviser on Youth Affairs (sample)",
    speaker_type: "Host",
    bio: `${fictional} Hosts the day's programme.`,
    image_url: "",
  },
  {
    name: "Dr. Amina Demo",
    title: "Professor of Development Studies, Example University",
    speaker_type: "Keynote",
    bio: `${fictional} Speaks on young people at the heart of peacebuilding.`,
    image_url: "",
  },
  {
    name: "Engr. Bello Testwell",
    title: "Founder, Sample Tech Hub",
    speaker_type: "Keynote",
    bio: `${fictional} Speaks on digital skills and jobs for the next generation.`,
    image_url: "",
  },
  {
    name: "Mrs. Fatima Fictional",
    title: "Director, Demo Women & Youth Initiative",
    speaker_type: "Speaker",
    bio: `${fictional} Talks about mentoring young women into leadership.`,
    image_url: "",
  },
  {
    name: "Mr. Ibrahim Mockwell",
    title: "Chief Executive, Pretend Farms Ltd",
    speaker_type: "Speaker",
    bio: `${fictional} Shares lessons from building an agribusiness.`,
    image_url: "",
  },
  {
    name: "Ms. Halima Example",
    title: "Peacebuilding Fellow, Placeholder Institute",
    speaker_type: "Panelist",
    bio: `${fictional} Joins the panel on civic engagement.`,
    image_url: "",
  },
  {
    name: "Mr. Sani Dummy",
    title: "Youth Councillor, Sample Local Government",
    speaker_type: "Panelist",
    bio: `${fictional} Joins the panel on civic engagement.`,
    image_url: "",
  },
  {
    name: "Ms. Aisha Lorem",
    title: "Broadcast Journalist, Demo FM 101.1",
    speaker_type: "Moderator",
    bio: `${fictional} Moderates the panel discussion.`,
    image_url: "",
  },
  {
    name: "Mr. Kabiru Ipsum",
    title: "Programme Officer, Example Foundation",
    speaker_type: "Moderator",
    bio: `${fictional} Moderates the breakout sessions.`,
    image_url: "",
  },
];

export const DEMO_SPECIAL_GUESTS: SpecialGuestInput[] = [
  { name: "HRH Alhaji Umar Demoland", title: "Emir of Sampletown (fictional)", bio: fictional, image_url: "" },
  { name: "Dr. Grace Notreal", title: "Country Representative, Example Development Agency", bio: fictional, image_url: "" },
  { name: "Amb. Yusuf Placeholder", title: "Youth Ambassador, Demo Peace Network", bio: fictional, image_url: "" },
];

export const DEMO_AGENDA: Omit<AgendaItemInput, "speaker_id">[] = [
  {
    time: "8:00 AM",
    title: "Registration & Arrival",
    speaker_name: "",
    description: "Collect your badge at the entrance; have your ticket QR code ready.",
  },
  {
    time: "9:00 AM",
    title: "Opening Ceremony",
    speaker_name: "Hajiya Zainab Placeholder",
    description: "National anthem, opening prayer and introductions.",
  },
  { time: "9:30 AM", title: "Welcome Address", speaker_name: "Hon. Musa Sample", description: "The chief host welcomes participants." },
  {
    time: "10:00 AM",
    title: "Keynote: Youth at the Heart of Peacebuilding",
    speaker_name: "Dr. Amina Demo",
    description: "How young people can lead dialogue in their communities.",
  },
  {
    time: "11:00 AM",
    title: "Panel: Civic Engagement and Inclusive Development",
    speaker_name: "Ms. Aisha Lorem (moderator), Ms. Halima Example, Mr. Sani Dummy",
    description: "Taking part in local decisions, and being heard.",
  },
  { time: "12:30 PM", title: "Lunch & Networking", speaker_name: "", description: "Meet speakers, guests and fellow participants." },
  {
    time: "1:30 PM",
    title: "Breakout Sessions: Skills, Enterprise & Innovation",
    speaker_name: "Engr. Bello Testwell, Mr. Ibrahim Mockwell",
    description: "Parallel sessions on digital skills, agribusiness and starting a business.",
  },
  {
    time: "3:30 PM",
    title: "Youth Voices: Open Mic & Questions",
    speaker_name: "Mr. Kabiru Ipsum",
    description: "Participants share ideas and put questions to the speakers.",
  },
  {
    time: "5:00 PM",
    title: "Closing Ceremony with Cultural Performances",
    speaker_name: "",
    description: "Closing remarks, vote of thanks and cultural performances.",
  },
];

export const DEMO_PARTNERS: PartnerInput[] = [
  { name: "Sample Youth Foundation", logo_url: "", website_url: "https://example.org/sample-youth-foundation" },
  { name: "Demo Bank Plc", logo_url: "", website_url: "https://example.org/demo-bank" },
  { name: "Example Tech Hub", logo_url: "", website_url: "https://example.org/example-tech-hub" },
  { name: "Placeholder Development Agency", logo_url: "", website_url: "https://example.org/placeholder-development-agency" },
  { name: "Fictional FM 101.1", logo_url: "", website_url: "https://example.org/fictional-fm" },
];
