using System.Diagnostics.CodeAnalysis;
using System.Text.Json.Serialization;
using Refit;
using RefitStj.Errors;

namespace RefitStj;

/// <summary>
/// Refit 16's <c>RefitSettings.UseJsonContext</c> for settings whose serializer is a <see cref="StjContentSerializer"/>:
/// Refit's own method accepts only its <c>SystemTextJsonContentSerializer</c> and throws for any other.
/// </summary>
public static class StjRefitSettingsExtensions
{
    /// <summary>
    /// Replaces <paramref name="settings"/>' <see cref="StjContentSerializer"/> with
    /// <see cref="StjContentSerializer.WithContext(JsonSerializerContext)"/>: its options and limits, plus the context's
    /// metadata. The settings are changed in place and returned, as Refit's <c>UseJsonContext</c> does.
    /// </summary>
    /// <param name="settings">Settings whose <see cref="RefitSettings.ContentSerializer"/> is a <see cref="StjContentSerializer"/>.</param>
    /// <param name="context">The source-generated context that adds metadata.</param>
    /// <returns><paramref name="settings"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="settings"/> or <paramref name="context"/> is <see langword="null"/>.</exception>
    /// <exception cref="InvalidOperationException">The settings' serializer is not a <see cref="StjContentSerializer"/>; the message names the fix.</exception>
    public static RefitSettings UseStjJsonContext(this RefitSettings settings, JsonSerializerContext context)
    {
        ArgumentNullException.ThrowIfNull(settings);
        ArgumentNullException.ThrowIfNull(context);
        settings.ContentSerializer = SerializerOf(settings).WithContext(context);
        return settings;
    }

    /// <summary>
    /// As <see cref="UseStjJsonContext(RefitSettings, JsonSerializerContext)"/>, through
    /// <see cref="StjContentSerializer.WithContext(JsonSerializerContext, bool)"/>.
    /// </summary>
    /// <param name="settings">Settings whose <see cref="RefitSettings.ContentSerializer"/> is a <see cref="StjContentSerializer"/>.</param>
    /// <param name="context">The source-generated context that adds metadata.</param>
    /// <param name="allowReflectionFallback"><see langword="true"/> to let reflection describe the types no other resolver does (not trim or AOT safe).</param>
    /// <returns><paramref name="settings"/>.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="settings"/> or <paramref name="context"/> is <see langword="null"/>.</exception>
    /// <exception cref="InvalidOperationException">The settings' serializer is not a <see cref="StjContentSerializer"/>; the message names the fix.</exception>
    [RequiresUnreferencedCode(Messages.ReflectionFallback)]
    [RequiresDynamicCode(Messages.ReflectionFallback)]
    public static RefitSettings UseStjJsonContext(this RefitSettings settings, JsonSerializerContext context, bool allowReflectionFallback)
    {
        ArgumentNullException.ThrowIfNull(settings);
        ArgumentNullException.ThrowIfNull(context);
        settings.ContentSerializer = SerializerOf(settings).WithContext(context, allowReflectionFallback);
        return settings;
    }

    private static StjContentSerializer SerializerOf(RefitSettings settings) =>
        settings.ContentSerializer as StjContentSerializer ?? throw new InvalidOperationException(
            $"UseStjJsonContext adds a JSON serializer context to settings whose ContentSerializer is RefitStj's StjContentSerializer, " +
            $"but these settings use {settings.ContentSerializer?.GetType().FullName ?? "none"}. Set ContentSerializer = " +
            "new StjContentSerializer(context) for the context's own options, or use Refit's UseJsonContext for Refit's SystemTextJsonContentSerializer.");
}
