import type { MetadataRoute } from "next";

// Lets a tablet keep the app on its home screen with its own icon (the icons are drawn from app/icon.svg).
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "DocFlow",
    short_name: "DocFlow",
    description: "Fluxos de documentos com exclusão de dados LGPD",
    start_url: "/documents",
    display: "standalone",
    background_color: "#f8fafc",
    theme_color: "#1d5fd1",
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
}
